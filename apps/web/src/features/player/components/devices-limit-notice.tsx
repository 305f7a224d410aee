import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { InfoIcon } from '@/components/icons';
import { useDialogRoute } from '@/lib/dialog-route';

/**
 * History entries the devices-limit dialog was opened from. Its OK goes back to that entry
 * (spec 1 §2), where the dialog must not open a second time: the notice below stays instead.
 */
const openedFrom = new Set<string>();

/** Opens #/devices-limit-reached (spec 1 §6) once when the stream is refused for too many devices. */
export function useDevicesLimitDialog(isLimited: boolean) {
  const { isOpen, open } = useDialogRoute('/devices-limit-reached');
  const { key } = useLocation();
  useEffect(() => {
    if (!isLimited || isOpen || openedFrom.has(key)) return;
    openedFrom.add(key);
    open();
  }, [isLimited, isOpen, open, key]);
}

/** What the stage shows after the dialog: the same words, and a way to try again later. */
export function DevicesLimitNotice({ poster, onRetry }: { poster: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="locked" role="region" aria-label={t('errors.devicesLimitTitle')}>
      {poster ? <img className="locked__image" src={poster} alt="" /> : null}
      <div className="locked__shade" />
      <div className="locked__content">
        <span className="locked__icon" aria-hidden="true">
          <InfoIcon size={28} />
        </span>
        <p className="locked__title">{t('errors.devicesLimitTitle')}</p>
        <p className="locked__text">{t('errors.devicesLimitMessage')}</p>
        <div className="locked__actions">
          <button type="button" className="button button--primary button--large" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
