import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { isApiError } from '@playz/api-client';
import { ApiErrorReason } from '@playz/api-contract';
import type { ApiErrorNumber } from '@playz/domain';

/**
 * What a player page shows when its item failed to load: the not-found page for the item's
 * not-found number or any HTTP 404 (spec 1 §8, spec 2 §8); on a kids profile, an item rated
 * above what suits it says so, with the way home (decision 059); the generic error otherwise.
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
  if (isApiError(error) && error.reason === ApiErrorReason.NotForKidsProfile)
    return (
      <div className="player-page">
        <p className="notice" role="alert">
          {t('errors.notForKidsProfile')}
        </p>
        {/* In the page's gutter, under the notice it follows. */}
        <div className="player-load-failure__actions">
          <Link className="button button--primary" to="/">
            {t('menu.home')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className="player-page">
      <p className="notice" role="alert">
        {t('errors.generic')}
      </p>
    </div>
  );
}
