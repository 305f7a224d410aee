import { useLocation, useParams } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { ErrorPage } from '@/features/errors/components/error-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { SeriesCataloguePage } from '@/features/series/components/series-catalogue-page';
import { SeriesPage } from '@/features/series/components/series-page';

const isId = (value: string | undefined) => value === undefined || /^\d+$/.test(value);

/** `/series`: the series catalogue (spec 2 §2). */
export function SeriesCatalogueRoute() {
  return <SeriesCataloguePage />;
}

/** `/series/{id}/{slug}` and `/series/{id}/{slug}/season/{season_id}/{slug}` (spec 2 §2). */
export function SeriesRoute() {
  const { seriesId = '', seasonId } = useParams();
  const location = useLocation();
  const { Customer } = useLoadedAppData();
  if (!isId(seriesId) || !isId(seasonId)) return <ErrorPage kind="not-found" />;
  return (
    <SeriesPage
      key={seriesId}
      seriesId={seriesId}
      seasonId={seasonId}
      favorite={<FavoriteToggle kind="list" id={seriesId} logged={Customer.logged} currentPath={location.pathname} />}
      notFound={<ErrorPage kind="not-found" />}
    />
  );
}
