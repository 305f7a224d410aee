import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { AdaptiveStream } from '@playz/api-contract';
import { formatClock } from '@playz/domain';
import { thumbnailAt } from '@playz/player';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  thumbnails: AdaptiveStream['thumbnails'];
  onSeek: (time: number) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** Seek bar with a thumbnail preview of the hovered 10 % step (spec 2 §2, §9). */
export function SeekBar({ currentTime, duration, thumbnails, onSeek, onKeyDown }: SeekBarProps) {
  const { t } = useTranslation();
  const barRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const played = duration > 0 ? Math.min(1, currentTime / duration) : 0;

  const ratioAt = (clientX: number) => {
    const rect = barRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    onSeek(ratioAt(event.clientX) * duration);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const ratio = ratioAt(event.clientX);
    if (event.pointerType === 'mouse' || dragging) setHover(ratio);
    if (dragging) onSeek(ratio * duration);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setDragging(false);
    if (event.pointerType !== 'mouse') setHover(null);
  };

  const preview = hover === null ? null : thumbnailAt(thumbnails, hover);

  return (
    <div
      className={`seek${dragging ? ' seek--dragging' : ''}`}
      ref={barRef}
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={`${formatClock(currentTime)} / ${formatClock(duration)}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerLeave={() => !dragging && setHover(null)}
      onKeyDown={onKeyDown}
    >
      <div className="seek__track">
        {hover !== null ? <div className="seek__hover" style={{ width: `${hover * 100}%` }} /> : null}
        <div className="seek__played" style={{ width: `${played * 100}%` }} />
        <div className="seek__thumb" style={{ left: `${played * 100}%` }} />
      </div>
      {hover !== null && duration > 0 ? (
        <div
          className="seek__preview"
          style={{ left: `clamp(88px, ${hover * 100}%, calc(100% - 88px))` }}
          aria-hidden="true"
        >
          {preview ? (
            <img className="seek__preview-image" src={preview.url} alt="" data-percent={preview.percent} />
          ) : null}
          <span className="seek__preview-time">{formatClock(hover * duration)}</span>
        </div>
      ) : null}
    </div>
  );
}
