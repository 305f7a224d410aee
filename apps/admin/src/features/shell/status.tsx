import { useT } from '@/i18n/use-t';

/** Loading, failed (with a retry) or refused: the same place on every screen. */
export function Status({ kind, onRetry }: { kind: 'loading' | 'error' | 'forbidden'; onRetry?: () => void }) {
  const t = useT();
  if (kind === 'loading')
    return (
      <p className="status" role="status">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="status" role="alert">
      <p>{t(kind === 'error' ? 'common.error' : 'common.forbidden')}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
