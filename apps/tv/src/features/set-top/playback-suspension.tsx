import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { activePlayer } from '@playz/player';
import { setTopLaunchRoute, type PlatformBridge } from '@playz/platform';

/** Where a VOD stopped when the device sent the app away, kept for the screen it was on. */
interface ResumePoint {
  path: string;
  position: number;
}

export interface PlaybackSuspension {
  /** The device took the screen away (the box deactivated, the app hidden): no player may run. */
  suspended: boolean;
  resumeAt: ResumePoint | null;
}

const SuspensionContext = createContext<PlaybackSuspension>({ suspended: false, resumeAt: null });
export const PlaybackSuspensionProvider = SuspensionContext.Provider;

/** The VOD position on screen now; a live channel has none (it comes back at the live edge). */
function resumePointOf(path: string): ResumePoint | null {
  const state = activePlayer.current()?.getState();
  if (!state || state.live || !(state.currentTime > 0)) return null;
  return { path, position: state.currentTime };
}

/**
 * The device's lifecycle in the TV app (decision 087). On the Orange box, the bridge's lifecycle
 * (spec 2 §4): `deactivate` stops playback at once, inside the box's 2 s wait; `activate` plays
 * again; `unload` stops; the route an activation carries (a deep-link event, spec 1 §2) opens its
 * screen. Elsewhere (Tizen, the Android wrapper, a browser) the page's visibility does the same:
 * hidden stops, visible plays again. Stopping unmounts the player screen, so the player is
 * destroyed and the device place given back as when the viewer leaves it (decision 018); playing
 * again mounts it anew — a VOD at the position it stopped at, a channel at its live edge.
 */
export function useDeviceLifecycle(lifecycle: PlatformBridge['lifecycle']): PlaybackSuspension {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  const [suspension, setSuspension] = useState<PlaybackSuspension>({ suspended: false, resumeAt: null });

  useEffect(() => {
    const suspend = () => {
      const point = resumePointOf(path.current);
      setSuspension((s) => (s.suspended ? s : { suspended: true, resumeAt: point }));
    };
    const resume = () => setSuspension((s) => (s.suspended ? { ...s, suspended: false } : s));
    if (lifecycle)
      return lifecycle.on((event) => {
        if (event.type === 'deactivate' || event.type === 'unload') suspend();
        else if (event.type === 'activate') resume();
        else if (event.type === 'deepLink') {
          const to = setTopLaunchRoute(event.route);
          if (to && to !== path.current) void navigate(to, { replace: true });
        }
      });
    const onVisibility = () => (document.visibilityState === 'hidden' ? suspend() : resume());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [lifecycle, navigate]);

  // A resume point belongs to its screen: another screen (a deep link, back) forgets it.
  const stale = !suspension.suspended && suspension.resumeAt !== null && suspension.resumeAt.path !== pathname;
  useEffect(() => {
    if (stale) setSuspension((s) => ({ ...s, resumeAt: null }));
  }, [stale]);
  return suspension;
}

/** The player screens' parent: while the device has the app suspended, no player is mounted. */
export function PlayerGate() {
  const { suspended } = useContext(SuspensionContext);
  return suspended ? <div className="player-suspended" data-testid="player-suspended" /> : <Outlet />;
}

/** Where this screen's VOD stopped when the device suspended the app, for its next start. */
export function useSuspendedPosition(): number | undefined {
  const { resumeAt } = useContext(SuspensionContext);
  const { pathname } = useLocation();
  return resumeAt && resumeAt.path === pathname ? resumeAt.position : undefined;
}
