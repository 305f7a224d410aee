import { useCallback, useMemo, type RefObject } from 'react';
import { forwardTarget, rewindTarget } from '@playz/domain';
import type { Player, PlayerCommands } from '@playz/player';

/** What the page's controls drive: the player's commands (@playz/player) and where it stands. */
export type PlayerControl = PlayerCommands & Pick<Player, 'getState'>;

/**
 * The controls' actions (buttons, keys, taps) as commands of the player on the page, if any:
 * before the player is made, or between a retry's two players, they do nothing.
 */
export function usePlayerCommands(player: RefObject<PlayerControl | null>, onSoundChosen: () => void) {
  const togglePlay = useCallback(() => {
    const current = player.current;
    if (!current) return;
    if (current.getState().paused) void current.play();
    else current.pause();
  }, [player]);
  // Seek rules of spec 2 §9, counted within the seekable window (the whole VOD, or a live window).
  const rewind = useCallback(() => {
    const current = player.current;
    if (!current) return;
    const { currentTime, seekStart } = current.getState();
    current.seek(seekStart + rewindTarget(currentTime - seekStart));
  }, [player]);
  const forward = useCallback(() => {
    const current = player.current;
    if (!current) return;
    const { currentTime, seekStart, seekEnd } = current.getState();
    current.seek(seekStart + forwardTarget(currentTime - seekStart, seekEnd - seekStart));
  }, [player]);
  const toggleMute = useCallback(() => {
    const current = player.current;
    if (!current) return;
    current.setMuted(!current.getState().muted);
    onSoundChosen();
  }, [player, onSoundChosen]);

  return useMemo(
    () => ({
      togglePlay,
      rewind,
      forward,
      toggleMute,
      seek: (time: number) => player.current?.seek(time),
      seekToLiveEdge: () => player.current?.seekToLiveEdge(),
      setQuality: (quality: Parameters<PlayerCommands['setQuality']>[0]) => player.current?.setQuality(quality),
      // Audio languages and subtitles (decisions 068, 069).
      setAudioLanguage: (language: string) => player.current?.setAudioLanguage(language),
      setSubtitleLanguage: (language: string | null) => player.current?.setSubtitleLanguage(language),
      setSubtitleStyle: (style: Parameters<PlayerCommands['setSubtitleStyle']>[0]) =>
        player.current?.setSubtitleStyle(style),
    }),
    [player, togglePlay, rewind, forward, toggleMute],
  );
}

export type PlayerActions = ReturnType<typeof usePlayerCommands>;
