import { useEffect, useRef, useState } from 'react';
import { createResumeSaver, type PlayerState } from '@playz/player';

export { RESUME_SAVE_INTERVAL_MS } from '@playz/player';

/**
 * The resume rule of spec 2 §4 (createResumeSaver of @playz/player, the web's too) on the TV's
 * player screen: it is fed each state the screen shows, and the screen going away (back) stops it.
 */
export function useResumeSaver(state: PlayerState | null, save: ((time: number) => void) | undefined) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const [saver] = useState(() => createResumeSaver((time) => saveRef.current?.(time)));

  useEffect(() => {
    saver.start();
    return () => saver.stop();
  }, [saver]);

  useEffect(() => {
    if (state) saver.update(state);
  }, [saver, state]);
}
