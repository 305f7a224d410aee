import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';
import type { Recovering } from './use-playback-recovery';

/** Over the video after a failure: "reconnecting" while it recovers by itself, then a retry. */
export function PlayerErrorOverlay({ recovering, onRetry }: { recovering: Recovering; onRetry: () => void }) {
  const { t } = useTranslation();
  if (recovering) {
    return (
      <div className="video__error" role="status">
        <Spinner label={t('common.loading')} size={40} />
        <p>{recovering === 'offline' ? t('player.offline') : t('player.reconnecting')}</p>
      </div>
    );
  }
  return (
    <div className="video__error" role="alert">
      <p>{t('player.error')}</p>
      <button type="button" className="button button--light" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}
