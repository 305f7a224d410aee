import { useTranslation } from '@/lib/use-translation';
import { formatClock } from '@playz/domain';
import { LIVE_EDGE_TOLERANCE_SECONDS, type PlayerState } from '@playz/player';

/**
 * Time and duration (spec 2 §2, hh:mm:ss §9); on a live window, the live badge at the edge, or
 * how far behind it the viewer is with a way back to live.
 */
export function PlayerTime({ state, onBackToLive }: { state: PlayerState; onBackToLive: () => void }) {
  const { t } = useTranslation();
  if (!state.live) {
    return (
      <span className="video__time" data-testid="player-time">
        <span>{formatClock(state.currentTime)}</span>
        <span className="video__time-sep"> / </span>
        <span>{formatClock(state.duration)}</span>
      </span>
    );
  }
  const behind = state.seekEnd - state.currentTime > LIVE_EDGE_TOLERANCE_SECONDS;
  return (
    <>
      <span className="video__time" data-testid="player-time">
        {behind ? (
          <span>-{formatClock(state.seekEnd - state.currentTime)}</span>
        ) : (
          <span className="video__live-badge">{t('player.live')}</span>
        )}
      </span>
      {behind ? (
        <button type="button" className="player-chip" onClick={onBackToLive}>
          {t('player.backToLive')}
        </button>
      ) : null}
    </>
  );
}
