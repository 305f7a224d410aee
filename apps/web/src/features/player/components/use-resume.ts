import { useEffect, useRef, useState } from 'react';
import { createResumeSaver } from '@playz/player';
import type { PlaybackListener } from './use-player-engine';

/**
 * The resume rule of spec 2 §4 (createResumeSaver of @playz/player, the TV's too) for the web
 * player: saved on pause, at the end, every 10 s while playing, and when the player goes away.
 * The page closing (a tab closed, a link to another site) is the player going away as well: the
 * save leaves with keepalive (usePlaybackStatusSaver). The player engine feeds it its states.
 */
export function useResume(onSaveTime: ((time: number) => void) | undefined): PlaybackListener {
  const onSaveTimeRef = useRef(onSaveTime);
  onSaveTimeRef.current = onSaveTime;
  const [resume] = useState(() => {
    const saver = createResumeSaver((time) => onSaveTimeRef.current?.(time));
    const listener: PlaybackListener = {
      update: saver.update,
      // The next playback (a zap, a reload) starts from nothing.
      leave: () => {
        saver.leave();
        saver.reset();
      },
    };
    return { saver, listener };
  });

  useEffect(() => {
    const { saver } = resume;
    saver.start();
    const onPageHide = () => saver.leave();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      saver.stop();
    };
  }, [resume]);

  return resume.listener;
}
