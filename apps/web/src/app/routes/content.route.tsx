import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { canPlay } from '@playz/domain';
import { useLoadedAppData } from '@/lib/app-data';
import { playerPath } from '@/lib/catalogue-links';
import { ErrorPage } from '@/features/errors/components/error-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { ContentPlayerPage } from '@/features/player/components/content-player-page';
import { useContent } from '@/features/player/api/use-content';

/** `/content/{id}/{slug}`: content players need service or replay access, or full access (spec 2 §4). */
export function ContentRoute() {
  const { contentId = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  // A programme's airing picked in a channel guide (decision 022); anything else is ignored.
  const airing = /^\d{1,15}$/.test(search.get('airing') ?? '') ? Number(search.get('airing')) : null;
  const { Customer } = useLoadedAppData();
  const mayWatch = Customer.hasFullAccess || canPlay('content', Customer.productAccess);
  const isId = /^\d+$/.test(contentId);
  // Same query as the player's: an episode reached by a content link (shared .html page, old
  // bookmark) moves to its episode route, whose access rule is the episode one (spec 2 §4).
  const content = useContent(contentId, isId);
  if (!isId) return <ErrorPage kind="not-found" />;
  if (content.data && content.data.seriesID !== null) return <Navigate to={playerPath(content.data)} replace />;
  return (
    <ContentPlayerPage
      key={`${contentId}-${airing}`}
      contentId={contentId}
      airing={airing}
      usage={mayWatch ? 'View' : 'Preview'}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
      favorite={
        <FavoriteToggle kind="content" id={contentId} logged={Customer.logged} currentPath={location.pathname} />
      }
    />
  );
}
