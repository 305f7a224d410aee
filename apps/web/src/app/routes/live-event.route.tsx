import { useLocation, useParams } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { purchaseButtonFor } from '@/lib/billing-links';
import { mayWatch } from '@playz/queries';
import { ErrorPage } from '@/features/errors/components/error-page';
import { LiveEventPage } from '@/features/player/components/live-event-page';

/** `/live-event/{id}/{slug}`: a live event plays on its channel, so live access applies (spec 2 §4). */
export function LiveEventRoute() {
  const { liveEventId = '' } = useParams();
  const location = useLocation();
  const { App, Customer } = useLoadedAppData();
  if (!/^\d{1,9}$/.test(liveEventId)) return <ErrorPage kind="not-found" />;
  const item = { contentType: 'LiveEvent', contentTypeID: Number(liveEventId) } as const;
  return (
    <LiveEventPage
      key={liveEventId}
      liveEventId={liveEventId}
      usage={mayWatch(Customer, 'live', [`LiveEvent:${Number(liveEventId)}`]) ? 'View' : 'Preview'}
      purchase={purchaseButtonFor(App.inAppPurchases, item, location.pathname)}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
    />
  );
}
