import { useLocation, useParams } from 'react-router';
import { liveUsageOf, useLoadedAppData } from '@playz/queries';
import { ErrorPage } from '@/features/errors/components/error-page';
import { ChannelPlayerPage } from '@/features/player/components/channel-player-page';

/** `/channels` and `/channel/{id}/{slug}`: live needs service or replay access, or full access (spec 2 §4). */
export function ChannelRoute() {
  const { channelId } = useParams();
  const location = useLocation();
  const { Customer } = useLoadedAppData();
  return (
    <ChannelPlayerPage
      channelId={channelId}
      usage={liveUsageOf(Customer)}
      viewerLogged={Customer.logged}
      currentPath={location.pathname}
      notFound={<ErrorPage kind="not-found" />}
    />
  );
}
