import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import type { ApiErrorNumber } from '@playz/domain';

/**
 * What a player page shows when its item failed to load: the not-found page for the item's
 * not-found number or any HTTP 404 (spec 1 §8, spec 2 §8), the generic error otherwise.
 */
export function PlayerLoadFailure({
  error,
  notFoundNumber,
  notFound,
}: {
  error: unknown;
  notFoundNumber: ApiErrorNumber;
  notFound: ReactNode;
}) {
  const { t } = useTranslation();
  if (isApiError(error, notFoundNumber) || (isApiError(error) && error.status === 404)) return <>{notFound}</>;
  return (
    <div className="player-page">
      <p className="notice" role="alert">
        {t('errors.generic')}
      </p>
    </div>
  );
}
