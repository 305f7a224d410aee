import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppData, useCustomerFavorites } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { usePageFocus } from '@/navigation/use-page-focus';
import { PageState } from '@/components/page-state';
import { TileRow, tileFocusKey } from '@/components/tile-row';
import { contentTile, seriesTile, type TvRow } from '@/components/tiles';
import { TvButton } from '@/components/tv-button';

/** The customer's favourites (spec 2 §4): contents, then series; visitors are offered the log-in. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logged = useAppData().data?.Customer.logged ?? false;
  const favorites = useCustomerFavorites(logged);
  const logIn = useCallback(() => void navigate(tvPaths.login), [navigate]);
  const row: TvRow = useMemo(() => {
    const lists = (favorites.data?.ContentLists ?? []).map(seriesTile);
    const contents = (favorites.data?.Contents ?? []).map((content) => contentTile(content));
    return { key: 'favorites', title: t('tv.menu.favorites'), style: 'Portrait', tiles: [...contents, ...lists] };
  }, [favorites.data, t]);
  const first = row.tiles[0];
  usePageFocus(
    logged ? (first ? tileFocusKey('favorites', first) : 'menu') : 'favorites-login',
    !favorites.isPending || !logged,
  );

  if (!logged)
    return (
      <div className="message-page">
        <h1 className="page-title">{t('tv.menu.favorites')}</h1>
        <p className="message-page__text">{t('tv.favorites.visitor')}</p>
        <TvButton focusKey="favorites-login" primary label={t('tv.menu.login')} onSelect={logIn} />
      </div>
    );
  if (row.tiles.length === 0)
    return (
      <PageState
        loading={favorites.isPending}
        failed={favorites.isError}
        empty={t('tv.favorites.empty')}
        onRetry={() => void favorites.refetch()}
      />
    );
  return (
    <div className="favorites">
      <h1 className="page-title">{t('tv.menu.favorites')}</h1>
      <TileRow row={row} focusKeyPrefix="favorites" showImages wrap />
    </div>
  );
}
