import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { QualityPreference, QualityTrack } from '@playz/player';
import { CheckIcon, SettingsIcon } from '@/components/icons';

interface QualityMenuProps {
  tracks: QualityTrack[];
  quality: QualityPreference;
  activeHeight: number | null;
  onSelect: (quality: QualityPreference) => void;
  onOpenChange?: (open: boolean) => void;
}

/** Video quality selector: Auto plus the stream's heights (spec 2 §2 Players). */
export function QualityMenu({ tracks, quality, activeHeight, onSelect, onOpenChange }: QualityMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  const toggle = (value: boolean) => {
    setOpen(value);
    onOpenChange?.(value);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      onOpenChange?.(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onOpenChange]);

  const choose = (value: QualityPreference) => {
    onSelect(value);
    toggle(false);
  };

  const autoLabel = quality === 'auto' && activeHeight ? `${t('player.auto')} (${activeHeight}p)` : t('player.auto');

  return (
    <div className="quality" ref={rootRef}>
      <button
        type="button"
        className="player-button"
        aria-label={t('player.quality')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => toggle(!open)}
      >
        <SettingsIcon />
      </button>
      {open ? (
        <div
          className="quality__menu"
          role="menu"
          aria-label={t('player.quality')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              toggle(false);
            }
          }}
        >
          <p className="quality__title">{t('player.quality')}</p>
          <button
            type="button"
            role="menuitemradio"
            aria-checked={quality === 'auto'}
            className="quality__item"
            onClick={() => choose('auto')}
          >
            <span>{autoLabel}</span>
            {quality === 'auto' ? <CheckIcon size={18} /> : null}
          </button>
          {tracks.map((track) => (
            <button
              type="button"
              role="menuitemradio"
              aria-checked={quality === track.height}
              className="quality__item"
              key={track.height}
              onClick={() => choose(track.height)}
            >
              <span>
                {track.height}p{track.height >= 720 ? <span className="quality__hd">HD</span> : null}
              </span>
              {quality === track.height ? <CheckIcon size={18} /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
