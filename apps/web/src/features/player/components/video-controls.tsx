import type { RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { canForward } from '@playz/domain';
import type { PlayerState, QualityTrack } from '@playz/player';
import type { AdaptiveStream } from '@playz/api-contract';
import {
  ExitFullscreenIcon,
  ForwardIcon,
  FullscreenIcon,
  MutedIcon,
  PauseIcon,
  PlayIcon,
  RewindIcon,
  VolumeIcon,
} from '@/components/icons';
import { RemoteControlButton } from '@/components/remote-control-button';
import type { CastSender } from '../cast/use-cast-sender';
import { CastButton } from './cast-button';
import { hasLanguageChoices, LanguageMenu } from './language-menu';
import { PlayerTime } from './player-time';
import { QualityMenu } from './quality-menu';
import { SeekBar } from './seek-bar';
import { SkipButton, type PlayerNeighbours } from './skip-controls';
import type { PlayerActions } from './use-player-commands';

/**
 * The video's control bar (spec 2 §2, §9): seek bar, play, previous and next (where there are
 * neighbours), seek, sound, time, cast, audio and subtitles, quality, full screen.
 */
export function VideoControls({
  state,
  tracks,
  thumbnails,
  shown,
  commands,
  fullscreen,
  onToggleFullscreen,
  onMenuOpenChange,
  videoRef,
  loadKey,
  castSender,
  extraControls,
  neighbours,
}: {
  state: PlayerState;
  tracks: QualityTrack[];
  thumbnails: AdaptiveStream['thumbnails'];
  shown: boolean;
  commands: PlayerActions;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  onMenuOpenChange: (open: boolean) => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  loadKey: string;
  /** The Google Cast sender, where the app names a receiver (decision 070). */
  castSender?: CastSender | undefined;
  extraControls: React.ReactNode;
  neighbours?: PlayerNeighbours | undefined;
}) {
  const { t } = useTranslation();
  const position = state.currentTime - state.seekStart;
  const span = Math.max(0, state.seekEnd - state.seekStart);
  const forwardAllowed = canForward(position, span);

  return (
    <div className="video__controls" aria-hidden={!shown} inert={!shown}>
      <SeekBar
        currentTime={state.live ? position : state.currentTime}
        duration={state.live ? span : state.duration}
        thumbnails={thumbnails}
        onSeek={(time) => commands.seek(state.live ? state.seekStart + time : time)}
      />
      <div className="video__bar">
        <div className="video__group">
          {neighbours ? <SkipButton direction="previous" go={neighbours.previous} /> : null}
          <button
            type="button"
            className="player-button player-button--primary"
            onClick={commands.togglePlay}
            aria-label={state.paused ? t('player.play') : t('player.pause')}
          >
            {state.paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          {neighbours ? <SkipButton direction="next" go={neighbours.next} /> : null}
          <button
            type="button"
            className="player-button player-button--seek"
            onClick={commands.rewind}
            aria-label={t('player.rewind')}
          >
            <RewindIcon />
          </button>
          <button
            type="button"
            className="player-button player-button--seek"
            onClick={commands.forward}
            disabled={!forwardAllowed}
            aria-label={t('player.forward')}
          >
            <ForwardIcon />
          </button>
          <button
            type="button"
            className="player-button player-button--mute"
            onClick={commands.toggleMute}
            aria-label={state.muted ? t('player.unmute') : t('player.mute')}
            aria-pressed={state.muted}
          >
            {state.muted ? <MutedIcon /> : <VolumeIcon />}
          </button>
          <PlayerTime state={state} onBackToLive={commands.seekToLiveEdge} />
          {extraControls}
        </div>
        <div className="video__group">
          <CastButton videoRef={videoRef} loadKey={loadKey} sender={castSender} />
          <RemoteControlButton time={state.live ? undefined : state.currentTime} />
          {hasLanguageChoices(state.languages) ? (
            <LanguageMenu
              languages={state.languages}
              onAudio={commands.setAudioLanguage}
              onSubtitles={commands.setSubtitleLanguage}
              onStyle={commands.setSubtitleStyle}
              onOpenChange={onMenuOpenChange}
            />
          ) : null}
          {tracks.length > 1 ? (
            <QualityMenu
              tracks={tracks}
              quality={state.quality}
              activeHeight={state.activeHeight}
              onSelect={commands.setQuality}
              onOpenChange={onMenuOpenChange}
            />
          ) : null}
          <button
            type="button"
            className="player-button"
            onClick={onToggleFullscreen}
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
      </div>
    </div>
  );
}
