import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { useApi } from '@playz/queries';
import { NotFoundPage } from '@/components/not-found-page';
import { PageState } from '@/components/page-state';
import { tvPaths } from '@/app/paths';

/**
 * /live-event/{id}/player: where a launch on a live event lands (the Orange box's route, decision
 * 087). A live event plays on its channel (spec 2 §4), so the TV opens that channel's player while
 * the event is to come or on air, and its replay once it is past; an event with neither is not
 * found.
 */
export function LiveEventPlayerRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const api = useApi();
  const event = useQuery({
    queryKey: ['live-event', id],
    queryFn: async ({ signal }) => (await api.getLiveEvent({ params: { id }, signal })).LiveEvent,
    enabled: valid,
    // Asked at each launch: the event's state decides where it plays.
    staleTime: 0,
    gcTime: 0,
  });
  if (!valid || isApiError(event.error)) return <NotFoundPage />;
  if (!event.data || event.isFetching)
    return (
      <PageState
        loading={event.isPending || event.isFetching}
        failed={event.isError}
        empty={t('tv.notFound')}
        onRetry={() => void event.refetch()}
      />
    );
  const live = event.data;
  const to =
    live.state !== 'Past' && live.channelID !== null
      ? tvPaths.channelPlayer(live.channelID)
      : live.contentID > 0
        ? tvPaths.contentPlayer(live.contentID)
        : null;
  return to ? <Navigate to={to} replace /> : <NotFoundPage />;
}
