import { useTranslation } from 'react-i18next';
import { TvButton } from './tv-button';

/** A page waiting for its data, failed (with a retry the remote can reach) or empty. */
export function PageState({
  loading,
  failed,
  empty,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  empty: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <div className="page-state" role="status">
        <span className="spinner" aria-label={t('common.loading')} />
      </div>
    );
  return (
    <div className="page-state">
      <p className="page-state__text" role={failed ? 'alert' : undefined}>
        {failed ? t('errors.generic') : empty}
      </p>
      {failed ? <TvButton focusKey="page-retry" label={t('tv.retry')} onSelect={onRetry} /> : null}
    </div>
  );
}
