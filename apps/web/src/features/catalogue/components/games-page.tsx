import { useTranslation } from '@/lib/use-translation';
import type { Game } from '@playz/api-contract';
import { MediaCardPlaceholder } from '@/components/media-card';
import { useGames } from '@playz/queries';
import { ExploreHeader } from './card-grid';
import '../catalogue.css';

const PLACEHOLDERS = 6;

/**
 * A game is played on its own site (spec 2 §3 Game: url): the card opens it in a new tab, which
 * its name says, and sends it neither the page's address nor a handle on the page.
 */
function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation();
  return (
    <a className="card card--landscape game-card" href={game.url} target="_blank" rel="noopener noreferrer">
      <span className="card__frame">
        {game.preview ? (
          <img className="card__image" src={game.preview} alt="" loading="lazy" decoding="async" draggable={false} />
        ) : (
          <span className="card__tile card__tile--game" aria-hidden="true">
            {game.name}
          </span>
        )}
      </span>
      <span className="card__caption">
        <span className="card__title">{game.name}</span>{' '}
        <span className="card__subtitle">{t('explore.opensInNewTab')}</span>
      </span>
    </a>
  );
}

/** /games: the games (spec 2 §7 /games; decision 060). */
export function GamesPage() {
  const { t } = useTranslation();
  const games = useGames();
  return (
    <div className="explore-page">
      <ExploreHeader title={t('explore.games')} intro={t('explore.gamesIntro')} />
      {games.isError ? (
        <p className="notice" role="alert">
          {t('errors.generic')}
        </p>
      ) : games.data?.length === 0 ? (
        <p className="notice explore-empty">{t('explore.gamesEmpty')}</p>
      ) : (
        <ul className="explore-grid explore-grid--landscape" aria-busy={games.data ? undefined : true}>
          {games.data
            ? games.data.map((game) => (
                <li key={game.ID}>
                  <GameCard game={game} />
                </li>
              ))
            : Array.from({ length: PLACEHOLDERS }, (_, index) => (
                <li key={index}>
                  <MediaCardPlaceholder style="Landscape" />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}
