import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createRemoteClient,
  REMOTE_NOTIFY_NAMES,
  remoteSocketUrl,
  type ConnectionState,
  type RemoteActionInputOf,
  type RemoteActionName,
  type RemoteClient,
  type RemoteDevice,
  type RemoteEvent,
  type WebSocketConstructor,
} from '@playz/remote';
import { deviceUdid } from '@/lib/device';
import { applyRemoteEvent, noPlayback, type RemotePlayback } from './remote-playback';

export interface RemotePhone {
  state: ConnectionState;
  devices: readonly RemoteDevice[];
  linked: RemoteDevice | null;
  playback: RemotePlayback;
  /** The server's last refusal (spec 2 §8 number and its message in the page's language). */
  error: { number: number; message: string } | null;
  link(udid: string, grant?: string): void;
  unlink(): void;
  send<N extends RemoteActionName>(action: N, data: RemoteActionInputOf<N>): boolean;
}

/**
 * The phone side of the remote control (spec 2 §4, §7): a Client on the WebSocket (the page's
 * session cookie), the account's screens, the link, the screen's mirrored playback. The page
 * hidden pauses the client (no time updates for a phone in a pocket); shown again, it resumes
 * and asks the screen where it stands (the server re-links a paused phone, decision 034).
 */
export function useRemotePhone(enabled: boolean, locale: string): RemotePhone {
  const client = useRef<RemoteClient | null>(null);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [devices, setDevices] = useState<readonly RemoteDevice[]>([]);
  const [linked, setLinked] = useState<RemoteDevice | null>(null);
  const [playback, setPlayback] = useState<RemotePlayback>(noPlayback);
  const [error, setError] = useState<RemotePhone['error']>(null);

  useEffect(() => {
    if (!enabled) return;
    const remote = createRemoteClient({
      url: remoteSocketUrl(window.location.origin),
      // The browser's WebSocket; its handlers take DOM events where the client reads plain objects.
      WebSocket: window.WebSocket as unknown as WebSocketConstructor,
      type: 'Client',
      udid: deviceUdid(),
      platform: 'Web',
      locale,
    });
    client.current = remote;
    const offs = [
      remote.on('state', setState),
      remote.on('onServerDevicesListUpdated', ({ devices: list }) => setDevices(list)),
      remote.on('onServerDeviceLinked', ({ device }) => {
        setLinked(device);
        setError(null);
        setPlayback(noPlayback);
        // Where the TV stands: its page (and a step it hands over), what plays, the queue.
        remote.send('requestCurrentRoute', {});
        remote.send('requestCurrentPlayback', {});
      }),
      remote.on('onServerDeviceUnlinked', () => {
        setLinked(remote.linked);
        setPlayback(noPlayback);
      }),
      remote.on('error', ({ number, message }) => setError({ number, message })),
      ...REMOTE_NOTIFY_NAMES.map((event) =>
        remote.on(event, (data: unknown) =>
          setPlayback((current) => applyRemoteEvent(current, { event, data } as RemoteEvent)),
        ),
      ),
    ];
    const onVisibility = () => {
      if (document.hidden) {
        remote.pause();
        return;
      }
      remote.resume();
      if (!remote.linked) return;
      remote.send('requestCurrentRoute', {});
      remote.send('requestCurrentPlayback', {});
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      for (const off of offs) off();
      remote.close();
      client.current = null;
    };
  }, [enabled, locale]);

  const link = useCallback((udid: string, grant?: string) => client.current?.link(udid, grant), []);
  const unlink = useCallback(() => client.current?.unlink(), []);
  const send = useCallback(
    <N extends RemoteActionName>(action: N, data: RemoteActionInputOf<N>) =>
      client.current?.send(action, data) ?? false,
    [],
  );
  return { state, devices, linked, playback, error, link, unlink, send };
}
