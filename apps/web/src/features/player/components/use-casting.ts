import { useEffect, useState, type RefObject } from 'react';

/** spec 2 §4 Casting states. */
export type CastState = 'unavailable' | 'can-cast' | 'loading' | 'casting';

/** Cast button animation frames 0 to 2, every 500 ms while connecting (spec 2 §9). */
export const CAST_FRAME_MS = 500;

interface RemotePlaybackLike extends EventTarget {
  state: 'disconnected' | 'connecting' | 'connected';
  watchAvailability(callback: (available: boolean) => void): Promise<number>;
  cancelWatchAvailability(id?: number): Promise<void>;
  prompt(): Promise<void>;
}

/**
 * Casting through the browser's Remote Playback API (Cast on Chrome, AirPlay on Safari):
 * the button shows only while a device is available, and follows can-cast, loading (connecting,
 * animated) and casting. Browsers that cannot send this video (an MSE stream on Chromium
 * desktop) report nothing available, so no button appears that could not work.
 */
export function useCasting(videoRef: RefObject<HTMLVideoElement | null>, sourceKey: string) {
  const [state, setState] = useState<CastState>('unavailable');
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    const remote = (videoRef.current as (HTMLVideoElement & { remote?: RemotePlaybackLike }) | null)?.remote;
    if (!remote?.watchAvailability) return;
    let available = false;
    let watchId: number | undefined;
    const sync = () => {
      if (remote.state === 'connected') setState('casting');
      else if (remote.state === 'connecting') setState('loading');
      else setState(available ? 'can-cast' : 'unavailable');
    };
    remote
      .watchAvailability((isAvailable) => {
        available = isAvailable;
        sync();
      })
      .then((id) => (watchId = id))
      .catch(() => setState('unavailable'));
    for (const type of ['connecting', 'connect', 'disconnect']) remote.addEventListener(type, sync);
    return () => {
      for (const type of ['connecting', 'connect', 'disconnect']) remote.removeEventListener(type, sync);
      void remote.cancelWatchAvailability(watchId).catch(() => undefined);
    };
  }, [videoRef, sourceKey]);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setInterval(() => setFrame((f) => (f + 1) % 3), CAST_FRAME_MS);
    return () => clearInterval(timer);
  }, [state]);

  const prompt = () => {
    const remote = (videoRef.current as (HTMLVideoElement & { remote?: RemotePlaybackLike }) | null)?.remote;
    void remote?.prompt().catch(() => undefined);
  };
  return { state, frame: state === 'loading' ? frame : 2, prompt };
}
