import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAppData } from '@playz/queries';
import { ensureFocus } from '@/navigation/focus-memory';
import { shortcutPath } from '@/navigation/colour-shortcuts';
import { listenToRemote } from '@/navigation/remote-keys';
import { ConsentDialog } from '@/features/consent/consent-dialog';
import { RemoteControl } from '@/remote/remote-control';
import { PlaybackSuspensionProvider, useDeviceLifecycle } from '@/features/set-top/playback-suspension';
import { SetTopErrorPopup } from '@/features/set-top/set-top-error-popup';
import { useStoreVisitorSignIn } from '@/features/account/store-visitor-sign-in';
import { useDevice } from './device-context';

/** history.state of react-router: `idx` counts the entries this app pushed. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/**
 * Every screen's parent: one listener for the remote (navigation/remote-keys.ts), reading keys
 * with the platform bridge's map. Back goes to the previous screen, or home when the app was
 * opened on a deep link; on home it leaves the app where the platform can (bridge.exit); the colour
 * and Guide keys open their screens (colour-shortcuts.ts). /data is
 * loaded here first: it says whether the customer is logged (spec 1 §4 application start). The
 * device's lifecycle stops and resumes the players and opens the box's deep links; the box's
 * failures show its error popups (decision 087); the Orange box signs its line's visitor in at start.
 */
export function TvRoot() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const device = useDevice();
  const appData = useAppData().data;
  const atHome = pathname === '/';
  const suspension = useDeviceLifecycle(device.lifecycle);
  useStoreVisitorSignIn(device.storeBilling, appData);
  useEffect(
    () =>
      listenToRemote(window, device.remoteKeyOf, {
        back: () => {
          if (canGoBack()) void navigate(-1);
          else if (!atHome) void navigate('/', { replace: true });
          else device.exit();
        },
        ensureFocus,
        shortcut: (key) => {
          const to = shortcutPath(key);
          if (to === null) return false;
          if (to !== pathname) void navigate(to);
          return true;
        },
      }),
    [navigate, device, atHome, pathname],
  );
  return (
    <>
      <PlaybackSuspensionProvider value={suspension}>
        <Outlet />
      </PlaybackSuspensionProvider>
      <RemoteControl />
      {appData ? (
        <ConsentDialog cookieTypes={appData.App.cookieTypes} customer={appData.Customer} path={pathname} />
      ) : null}
      <SetTopErrorPopup errors={device.errors} />
    </>
  );
}
