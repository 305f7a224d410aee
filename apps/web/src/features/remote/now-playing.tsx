import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { formatClock } from '@playz/domain';
import { ForwardIcon, PauseIcon, PlayIcon, RewindIcon } from '@/components/icons';
import { SkipIcon } from '@/components/skip-icon';
import { RemoteLanguageChoice } from './remote-languages';
import type { RemotePhone } from './use-remote-phone';
import { useRouteTitle } from './use-route-title';

/** A press of ◀◀ / ▶▶ (the TV's own remote seeks by 10 s too, decision 035). */
const SEEK_STEP_SECONDS = 10;
/** The seek bar sends once the finger rests: dragging does not send a seek per pixel. */
const SEEK_SETTLE_MS = 250;

/**
 * What the linked TV plays, mirrored (spec 2 §4): title, play / pause, ±10 s and a seek bar on
 * the TV's time (time updates every 100 ms, spec 2 §9); previous and next (spec 2 §2) move
 * through the TV's queue when it holds more than one item, and beyond its ends (or without one)
 * press the TV player's own Previous and Next (an episode, a list's content, a channel), which
 * the TV decides (decision 075).
 */
export function NowPlaying({ phone }: { phone: RemotePhone }) {
  const { t } = useTranslation();
  const { playback, send } = phone;
  const { title, image } = useRouteTitle(playback.route);
  const [draft, setDraft] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const duration = playback.duration ?? 0;
  const seekTo = (time: number) =>
    send('requestVideoSeek', { time: Math.max(0, duration ? Math.min(time, duration) : time) });
  const shown = draft ?? playback.time;
  const { queue, position } = playback;
  const skip = (to: number) => send('requestPositionChange', { position: to });
  const inQueue = queue.length > 1 && position !== null;
  const { neighbours } = playback;
  const previous =
    inQueue && position > 0
      ? () => skip(position - 1)
      : neighbours.previous
        ? () => send('requestSkip', { direction: 'previous' })
        : undefined;
  const next =
    inQueue && position < queue.length - 1
      ? () => skip(position + 1)
      : neighbours.next
        ? () => send('requestSkip', { direction: 'next' })
        : undefined;
  const skips = inQueue || neighbours.previous || neighbours.next;

  if (!playback.route)
    return (
      <section className="remote-card" aria-labelledby="remote-now">
        <h2 id="remote-now" className="remote-card__title">
          {t('remote.phone.nowPlaying')}
        </h2>
        <p className="remote-card__empty">{t('remote.phone.nothingPlaying')}</p>
      </section>
    );
  return (
    <section className="remote-card remote-now" aria-labelledby="remote-now">
      <div className="remote-now__head">
        {image ? <img className="remote-now__art" src={image} alt="" /> : null}
        <div className="remote-now__heading">
          <h2 id="remote-now" className="remote-card__title">
            {t('remote.phone.nowPlaying')}
          </h2>
          <p className="remote-now__name" data-testid="remote-now-title">
            {title}
          </p>
        </div>
      </div>
      <div className="remote-now__body">
        {playback.loading ? <p className="remote-card__empty">{t('remote.phone.loading')}</p> : null}
        <div className="remote-seek">
          <input
            type="range"
            className="remote-seek__bar"
            min={0}
            max={Math.max(duration, shown, 1)}
            step={1}
            value={shown}
            aria-label={t('remote.phone.seek')}
            aria-valuetext={formatClock(shown)}
            disabled={!duration}
            style={{ '--remote-progress': `${duration ? (shown / duration) * 100 : 0}%` } as React.CSSProperties}
            onChange={(event) => {
              const time = Number(event.target.value);
              setDraft(time);
              clearTimeout(settle.current);
              settle.current = setTimeout(() => {
                seekTo(time);
                setDraft(null);
              }, SEEK_SETTLE_MS);
            }}
          />
          <div className="remote-seek__times">
            <span data-testid="remote-time">{formatClock(shown)}</span>
            <span>{duration ? formatClock(duration) : ''}</span>
          </div>
        </div>
        <div className="remote-now__buttons">
          {skips ? (
            <button
              type="button"
              className="player-button"
              disabled={!previous}
              onClick={previous}
              aria-label={t('player.previous')}
            >
              <SkipIcon direction="previous" />
            </button>
          ) : null}
          <button
            type="button"
            className="player-button"
            onClick={() => seekTo(playback.time - SEEK_STEP_SECONDS)}
            aria-label={t('remote.phone.rewind')}
          >
            <RewindIcon />
          </button>
          <button
            type="button"
            className="player-button player-button--primary remote-now__play"
            onClick={() => send(playback.paused ? 'requestVideoPlay' : 'requestVideoPause', {})}
            aria-label={playback.paused ? t('remote.phone.play') : t('remote.phone.pause')}
          >
            {playback.paused ? <PlayIcon size={32} /> : <PauseIcon size={32} />}
          </button>
          <button
            type="button"
            className="player-button"
            onClick={() => seekTo(playback.time + SEEK_STEP_SECONDS)}
            aria-label={t('remote.phone.forward')}
          >
            <ForwardIcon />
          </button>
          {skips ? (
            <button
              type="button"
              className="player-button"
              disabled={!next}
              onClick={next}
              aria-label={t('player.next')}
            >
              <SkipIcon direction="next" />
            </button>
          ) : null}
        </div>
        <RemoteLanguageChoice languages={playback.languages} send={send} />
      </div>
    </section>
  );
}
