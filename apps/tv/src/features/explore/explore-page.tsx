import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCategories, useCharacters, useComedyShow, useGames } from '@playz/queries';
import {
  categoryTile,
  characterTile,
  collectionTile,
  contentTile,
  gameTile,
  type Tile,
  type TvRow,
} from '@/components/tiles';
import { GameDialog } from './game-dialog';
import { tileFocusKey } from '@/components/tile-row';
import { TilesPage } from './tiles-page';

/**
 * Explore (decision 060): the catalogue the home rows do not show, one row each: categories,
 * characters, comedy (the sketches' collection first) and games (spec 2 §1, §7 Other catalogue).
 */
export function ExplorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const characters = useCharacters();
  const comedy = useComedyShow();
  const games = useGames();
  const rows: TvRow[] = useMemo(() => {
    const sketches = comedy.data?.ContentCollection;
    return [
      {
        key: 'categories',
        title: t('explore.categories'),
        style: 'Landscape',
        tiles: (categories.data ?? []).map(categoryTile),
      },
      {
        key: 'characters',
        title: t('explore.characters'),
        style: 'Portrait',
        tiles: (characters.data ?? []).map(characterTile),
      },
      {
        key: 'comedy',
        title: t('explore.comedy'),
        style: 'Landscape',
        tiles: [
          ...(sketches && sketches.items.length > 0
            ? [collectionTile({ ID: sketches.ID, name: sketches.name || t('explore.sketches') })]
            : []),
          ...(comedy.data?.Collection ?? []).map((content) => contentTile(content)),
        ],
      },
      { key: 'games', title: t('explore.tvGames'), style: 'Landscape', tiles: (games.data ?? []).map(gameTile) },
    ];
  }, [categories.data, characters.data, comedy.data, games.data, t]);
  const all = [categories, characters, comedy, games];
  // A game is played elsewhere: its card opens its panel; every other card opens its page.
  const [game, setGame] = useState<{ tile: Tile; game: NonNullable<Tile['game']> } | null>(null);
  const open = useCallback(
    (tile: Tile) => (tile.game ? setGame({ tile, game: tile.game }) : tile.to ? void navigate(tile.to) : undefined),
    [navigate],
  );
  const close = useCallback(() => setGame(null), []);
  return (
    <>
      <TilesPage
        pageKey="explore"
        title={t('explore.menuTitle')}
        rows={rows}
        pending={all.some((query) => query.isPending)}
        failed={all.every((query) => query.isError)}
        empty={t('explore.categoriesEmpty')}
        onRetry={() => void Promise.all(all.map((query) => query.refetch()))}
        onSelectTile={open}
      />
      {game ? (
        <GameDialog game={game.game} returnFocus={tileFocusKey('explore-games', game.tile)} onClose={close} />
      ) : null}
    </>
  );
}
