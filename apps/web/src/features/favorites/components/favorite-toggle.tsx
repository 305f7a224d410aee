import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/spinner';
import { loginPath } from '@/lib/catalogue-links';
import { useFavorite, type FavoriteKind } from '@playz/queries';
import '../favorites.css';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface FavoriteToggleProps {
  kind: FavoriteKind;
  id: string;
  logged: boolean;
  /** The page to come back to after logging in. */
  currentPath: string;
}

/** The favourite toggle of players and series pages (spec 2 §2, §4). */
export function FavoriteToggle({ kind, id, logged, currentPath }: FavoriteToggleProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const favorite = useFavorite(kind, id, logged);
  // The label says what a press does; it changes with the state, so no aria-pressed on top (APG).
  const label = favorite.isFavorite ? t('player.removeFavorite') : t('player.addFavorite');
  return (
    <span className="favorite">
      <button
        type="button"
        className={`button button--small favorite__button${favorite.isFavorite ? ' favorite__button--on' : ' button--ghost'}`}
        aria-busy={favorite.loading || undefined}
        disabled={favorite.loading}
        // Visitors have no favourites: the toggle sends them to log in (spec 2 §4).
        onClick={() => (logged ? favorite.toggle() : navigate(loginPath(currentPath)))}
      >
        {favorite.loading ? <Spinner size={18} /> : <HeartIcon filled={favorite.isFavorite} />}
        <span>{label}</span>
      </button>
      {favorite.failed ? (
        <span className="favorite__error" role="alert">
          {t('favorites.failed')}
        </span>
      ) : null}
    </span>
  );
}
