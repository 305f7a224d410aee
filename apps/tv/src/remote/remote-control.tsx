import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceIdentity } from '@playz/platform';
import { activePlayer } from '@playz/player';
import { useAppData } from '@playz/queries';
import { createRemoteClient, remoteSocketUrl, type WebSocketConstructor } from '@playz/remote';
import { useDevice } from '@/app/device-context';
import { currentAsk, currentHandoff, deliverParentalCode, watchHandoff } from './handoff';
import { PhoneJoinedNotice } from './phone-joined-notice';
import { playerNeighbours } from './player-neighbours';
import { createRemoteScreen, type RemoteScreen } from './remote-screen';
import { setRemoteStatus } from './remote-status';

/**
 * The TV as a remote-control screen (spec 2 §4 Remote control; decision 034 "Apps"): while a
 * viewer is logged it registers as a Server on the WebSocket (same origin: the session cookie,
 * no token in the frame) and obeys its linked phones. Mounted once, beside the screens; it
 * says when a phone starts driving the TV.
 */
export function RemoteControl() {
  const logged = useAppData().data?.Customer.logged ?? false;
  const device = useDevice();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const path = useRef(pathname);
  path.current = pathname;
  // Read at each use: the socket outlives renders and navigations.
  const go = useRef(navigate);
  go.current = navigate;
  const screen = useRef<RemoteScreen | null>(null);
  const locale = i18n.language;

  useEffect(() => {
    if (!logged) return;
    // The bridge's udid (the same stored one), so the guest code names this screen.
    const identity = deviceIdentity(device.platform, window.localStorage, { type: 'TV' });
    const name = [identity.vendor, identity.model].filter(Boolean).join(' ');
    const client = createRemoteClient({
      url: remoteSocketUrl(window.location.origin),
      // The browser's WebSocket; its handlers take DOM events where the client reads plain objects.
      WebSocket: window.WebSocket as unknown as WebSocketConstructor,
      type: 'Server',
      udid: identity.udid,
      platform: device.platform,
      name: (name || t('remote.tv.defaultName')).slice(0, 64),
      locale,
    });
    setRemoteStatus({ state: client.state, udid: identity.udid, clients: 0 });
    const offState = client.on('state', (state) => setRemoteStatus({ state }));
    const offClients = client.on('onClientsUpdated', ({ clients }) => setRemoteStatus({ clients }));
    const remote = createRemoteScreen({
      client,
      players: activePlayer,
      currentPath: () => path.current,
      handoff: currentHandoff,
      ask: currentAsk,
      onParentalCode: deliverParentalCode,
      neighbours: playerNeighbours,
      navigate: (to, options) => void go.current(to, options),
    });
    screen.current = remote;
    // A screen offering a step or asking a code (or no longer): the phones hear the page again.
    const offHandoff = watchHandoff(() => remote.pathChanged(path.current));
    return () => {
      offHandoff();
      screen.current = null;
      remote.dispose();
      offState();
      offClients();
      client.close();
      setRemoteStatus({ state: null, clients: 0 });
    };
  }, [logged, device, locale, t]);

  useEffect(() => screen.current?.pathChanged(pathname), [pathname]);
  return logged ? <PhoneJoinedNotice /> : null;
}
