import { useLocation, useParams } from 'react-router';
import { canPlay } from '@playz/domain';
import { useLoadedAppData } from '@/lib/app-data';
import { ErrorPage } from '@/features/errors/components/error-page';
import { LiveEventPage } from '@/features/player/components/live-event-page';

/** `/live-event/{id}/{slug}`: a live event plays on its channel, so live access applies (spec 2 §4). */
export function LiveEventRoute() {
  const { liveEventId = '' } = useParams();
  const location = useLocation();
  const { Customer } = useLoadedAppData();
  const mayWatch = Customer.hasFullAccess || canPlay('live', Customer.productAccess);
  if (!/^\d{1,9}$/.test(liveEventId)) return <ErrorPage kind="not-found" />;
  return (
    <LiveEventPage
      key={liveEventId}
      liveEventId={liveEventId}
      usage={mayWatch ? 'View' : 'Preview'}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
    />
  );
}
