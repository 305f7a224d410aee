import { useLocation, useParams } from 'react-router';
import { canPlay } from '@playz/domain';
import { useLoadedAppData } from '@/lib/app-data';
import { ErrorPage } from '@/features/errors/components/error-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { ContentPlayerPage } from '@/features/player/components/content-player-page';

/** `/content/{id}/{slug}`: content players need service or replay access, or full access (spec 2 §4). */
export function ContentRoute() {
  const { contentId = '' } = useParams();
  const location = useLocation();
  const { Customer } = useLoadedAppData();
  const mayWatch = Customer.hasFullAccess || canPlay('content', Customer.productAccess);
  if (!/^\d+$/.test(contentId)) return <ErrorPage kind="not-found" />;
  return (
    <ContentPlayerPage
      key={contentId}
      contentId={contentId}
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
