import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InAppPurchase, LiveEvent } from '@playz/api-contract';
import { formatCountdown, formatPrice } from '@playz/domain';
import type { StoreBilling } from '@playz/platform';
import { purchaseOfferFor } from '@playz/queries';
import { tvPaths } from '@/app/paths';
import { TvButton } from '@/components/tv-button';
import { usePageFocus } from '@/navigation/use-page-focus';
import { useHandoffToPhone } from '@/remote/handoff';
import { PhonePayment } from './phone-payment';
import { useBillingLink } from './use-billing-link';
import { DemoPaymentNotice } from './demo-payment-notice';
import { StoreItemPurchase } from './store-item-purchase';

/**
 * The offer that sells this event's pass (spec 3 §3 LivePurchase): the event's own offer where it
 * names one (decision 073, the server refuses any other), else the pass offer of the product.
 */
export function passOfferFor(offers: readonly InAppPurchase[], event: LiveEvent): InAppPurchase | null {
  const own =
    event.productPriceID === null
      ? undefined
      : offers.find((offer) => offer.type === 'Purchase' && offer.productPriceID === event.productPriceID);
  return own ?? purchaseOfferFor(offers, 'LiveEvent');
}

/** The seconds left before the event, counted again every second while it is to come. */
function useSecondsUntil(at: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, (at - now) / 1000);
}

/**
 * A live event the viewer has no access to, on a TV whose store sells one-off products (decision
 * 101, after the rent page of decision 093): the event, its countdown while it is to come, the
 * store's "Acheter le pass avec Google Play · 9,99 €" (focused; OK buys) and beside it the phone's
 * link code for the same pass (decision 040). Once either is saved the customer is read again: an
 * event on air opens its channel's player, one to come says thanks over its countdown and offers
 * its channel.
 */
export function LiveEventPass({
  event,
  offer,
  billing,
}: {
  event: LiveEvent;
  offer: InAppPurchase;
  billing: StoreBilling;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [paid, setPaid] = useState(false);
  const item = useMemo(() => ({ contentType: 'LiveEvent' as const, contentTypeID: event.liveEventID }), [event]);
  const { link, error, retry } = useBillingLink(() => setPaid(true), paid ? null : item);
  useHandoffToPhone(paid ? null : (link?.url ?? null));
  const channel = event.channelID;
  const watch = useCallback(() => {
    if (channel !== null) void navigate(tvPaths.channelPlayer(channel), { replace: true });
  }, [navigate, channel]);
  const pending = event.state === 'Pending';
  // On air, a saved pass plays at once; to come, the page keeps its countdown.
  useEffect(() => {
    if (paid && !pending) watch();
  }, [paid, pending, watch]);
  usePageFocus(paid ? 'live-pass-watch' : 'live-pass-store', true);
  const startsAt = Date.parse(event.dateScheduled);
  const left = formatCountdown(useSecondsUntil(startsAt, pending));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(startsAt);
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  const label = event.name;

  return (
    <div className="link-page live-pass">
      <h1 className="page-title">{t('tv.purchase.passTitle')}</h1>
      <p className="live-pass__when">
        <span className="live-pass__state">
          {t(`liveEvent.${event.state.toLowerCase() as 'pending' | 'processing' | 'past'}`)}
        </span>{' '}
        {t('liveEvent.scheduledOn', { date })}
      </p>
      <h2 className="live-pass__name">{label}</h2>
      {pending ? (
        <p className="live-pass__countdown" role="timer" aria-live="off">
          {t('liveEvent.startsIn', { time: left.text })}
        </p>
      ) : null}
      {paid ? null : <DemoPaymentNotice />}
      {paid ? (
        <>
          <p className="link-page__lead" role="status">
            {t('tv.purchase.passPaid', { label })}
          </p>
          {channel !== null ? (
            <TvButton focusKey="live-pass-watch" primary label={t('tv.purchase.watch')} onSelect={watch} />
          ) : null}
        </>
      ) : (
        // The store's button on the left, the phone's link code beside it (as the rent page).
        <div className="subscribe-choices">
          <StoreItemPurchase
            billing={billing}
            offer={offer}
            item={item}
            label={label}
            focusKey="live-pass-store"
            onPaid={() => setPaid(true)}
          />
          <PhonePayment
            lead={t('tv.purchase.lead', { price, label })}
            link={link}
            failed={!!error}
            newCodeKey="live-pass-new-code"
            onNewCode={retry}
          />
        </div>
      )}
    </div>
  );
}
