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

  const frame = useCastIconFrame(state === 'loading');

  const prompt = () => {
    const remote = (videoRef.current as (HTMLVideoElement & { remote?: RemotePlaybackLike }) | null)?.remote;
    void remote?.prompt().catch(() => undefined);
  };
  return { state, frame, prompt };
}

/** The cast icon's frame: 0 to 2 in turn while connecting, the full icon otherwise (spec 2 §9). */
export function useCastIconFrame(connecting: boolean): number {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!connecting) return;
    setFrame(0);
    const timer = setInterval(() => setFrame((f) => (f + 1) % 3), CAST_FRAME_MS);
    return () => clearInterval(timer);
  }, [connecting]);
  return connecting ? frame : 2;
}
