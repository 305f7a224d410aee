import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CastIcon } from '@/components/icons';
import { useCasting } from './use-casting';

/** The cast button (spec 2 §2), shown only while a device is available (use-casting.ts). */
export function CastButton({ videoRef, loadKey }: { videoRef: RefObject<HTMLVideoElement | null>; loadKey: string }) {
  const { t } = useTranslation();
  const cast = useCasting(videoRef, loadKey);
  if (cast.state === 'unavailable') return null;
  return (
    <button
      type="button"
      className={`player-button${cast.state === 'casting' ? ' player-button--active' : ''}`}
      onClick={cast.prompt}
      aria-label={cast.state === 'casting' ? t('player.casting') : t('player.cast')}
      aria-busy={cast.state === 'loading'}
      data-cast-state={cast.state}
    >
      <CastIcon frame={cast.frame} />
    </button>
  );
}
