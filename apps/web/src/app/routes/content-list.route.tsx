import { useLocation, useParams } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { mayWatch } from '@playz/queries';
import { ErrorPage } from '@/features/errors/components/error-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { ContentListPlayerPage } from '@/features/player/components/content-list-player-page';

/** `/content-list/{id}/{slug}`: list players need service or replay access, or full access (spec 2 §4). */
export function ContentListRoute() {
  const { listId = '' } = useParams();
  const location = useLocation();
  const { Customer } = useLoadedAppData();
  if (!/^\d+$/.test(listId)) return <ErrorPage kind="not-found" />;
  return (
    <ContentListPlayerPage
      key={listId}
      listId={listId}
      usage={mayWatch(Customer, 'list', [`ContentList:${Number(listId)}`]) ? 'View' : 'Preview'}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
      favoriteFor={(contentId) => (
        <FavoriteToggle kind="content" id={contentId} logged={Customer.logged} currentPath={location.pathname} />
      )}
    />
  );
}
