import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { purchaseButtonFor } from '@/lib/billing-links';
import { playerPath } from '@/lib/catalogue-links';
import { itemsOpening, mayWatch, mayWatchSoldAlone } from '@playz/queries';
import { ErrorPage } from '@/features/errors/components/error-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { ContentPlayerPage } from '@/features/player/components/content-player-page';
import { useContent } from '@playz/queries';

/** `/content/{id}/{slug}`: content players need service or replay access, or full access (spec 2 §4). */
export function ContentRoute() {
  const { contentId = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  // A programme's airing picked in a channel guide (decision 022); anything else is ignored.
  const airing = /^\d{1,15}$/.test(search.get('airing') ?? '') ? Number(search.get('airing')) : null;
  const { App, Customer } = useLoadedAppData();
  const isId = /^\d+$/.test(contentId);
  // Same query as the player's: an episode reached by a content link (shared .html page, old
  // bookmark) moves to its episode route, whose access rule is the episode one (spec 2 §4).
  const content = useContent(contentId, isId);
  if (!isId) return <ErrorPage kind="not-found" />;
  if (content.data && content.data.seriesID !== null) return <Navigate to={playerPath(content.data)} replace />;
  const item = { contentType: 'Content', contentTypeID: Number(contentId) } as const;
  // Its own purchase, or its list's (spec 3 §4); the player asks for the stream once the content is here.
  const opensIt = itemsOpening(contentId, content.data);
  // A content an editor sells alone names its offer: only its purchase opens it, at that price
  // (decision 107). Other films are rented one by one (spec 3 §3 ContentPurchase); clips and
  // programmes are not.
  const ownOffer = content.data?.productPriceID ?? null;
  const purchase =
    ownOffer !== null || content.data?.contentType === 'Film'
      ? purchaseButtonFor(App.inAppPurchases, item, location.pathname, ownOffer)
      : null;
  const mayView = ownOffer !== null ? mayWatchSoldAlone(Customer, opensIt) : mayWatch(Customer, 'content', opensIt);
  return (
    <ContentPlayerPage
      key={`${contentId}-${airing}`}
      contentId={contentId}
      airing={airing}
      usage={mayView ? 'View' : 'Preview'}
      purchase={purchase}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
      favorite={
        <FavoriteToggle kind="content" id={contentId} logged={Customer.logged} currentPath={location.pathname} />
      }
    />
  );
}
