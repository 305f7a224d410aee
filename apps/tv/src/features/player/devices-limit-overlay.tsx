import { useTranslation } from 'react-i18next';
import { TvButton } from '@/components/tv-button';
import { FocusSection } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';

/**
 * The account already plays on as many devices as it may (spec 1 §6, decision 018): said over the
 * player, with a retry once another device has stopped.
 */
export function DevicesLimitOverlay({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  usePageFocus('devices-retry', true);
  return (
    <div className="locked" role="alertdialog" aria-label={t('errors.devicesLimitTitle')}>
      <h2 className="locked__title">{t('errors.devicesLimitTitle')}</h2>
      <p className="locked__text">{t('errors.devicesLimitMessage')}</p>
      <FocusSection focusKey="devices-actions" className="locked__actions">
        <TvButton focusKey="devices-retry" primary label={t('tv.retry')} onSelect={onRetry} />
      </FocusSection>
    </div>
  );
}
