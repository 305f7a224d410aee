import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { mayWatch, useApi, useAppData } from '@playz/queries';
import { useDevice } from '@/app/device-context';
import { sellsItemInStore } from '@/features/account/store-item-purchase';
import { LiveEventPass, passOfferFor } from '@/features/account/live-event-pass';
import { NotFoundPage } from '@/components/not-found-page';
import { PageState } from '@/components/page-state';
import { tvPaths } from '@/app/paths';

/**
 * /live-event/{id}/player: where a launch on a live event lands (the Orange box's route, decision
 * 087). A live event plays on its channel (spec 2 §4), so the TV opens that channel's player while
 * the event is to come or on air, and its replay once it is past; an event with neither is not
 * found. On a TV whose store sells one-off products, a signed-in viewer without access to an
 * event to come or on air is offered its pass there first (decision 101), then plays it.
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
  const appData = useAppData().data;
  const storeBilling = useDevice().storeBilling;
  // Once shown, the pass page stays after the purchase (its thanks and countdown) though the
  // customer read again now has access.
  const [selling, setSelling] = useState(false);
  const live = event.data;
  const offer = live && appData ? passOfferFor(appData.App.inAppPurchases, live) : null;
  const sellHere =
    !!live &&
    !!appData?.Customer.logged &&
    live.state !== 'Past' &&
    sellsItemInStore(storeBilling, offer) &&
    !mayWatch(appData.Customer, 'live', [`LiveEvent:${live.liveEventID}`]);
  if (sellHere && !selling) setSelling(true);
  if (!valid || isApiError(event.error)) return <NotFoundPage />;
  // A store that sells the pass waits for the customer before choosing between the pass and the player.
  const customerPending = !!storeBilling?.buyItem && !appData;
  if (!live || event.isFetching || customerPending)
    return (
      <PageState
        loading={event.isPending || event.isFetching || customerPending}
        failed={event.isError}
        empty={t('tv.notFound')}
        onRetry={() => void event.refetch()}
      />
    );
  if ((sellHere || selling) && offer && storeBilling)
    return <LiveEventPass event={live} offer={offer} billing={storeBilling} />;
  const to =
    live.state !== 'Past' && live.channelID !== null
      ? tvPaths.channelPlayer(live.channelID)
      : live.contentID > 0
        ? tvPaths.contentPlayer(live.contentID)
        : null;
  return to ? <Navigate to={to} replace /> : <NotFoundPage />;
}
