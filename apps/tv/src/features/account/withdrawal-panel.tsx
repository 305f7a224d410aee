import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { App, Customer, Subscription } from '@playz/api-contract';
import { billingTypesAvailableOn, subscriptionDisplay } from '@playz/domain';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useApi } from '@playz/queries';
import { useDevice } from '@/app/device-context';
import { TvButton } from '@/components/tv-button';
import { setModalFocus } from '@/navigation/focus-memory';
import { FocusSection } from '@/navigation/focusable';
import { focusKeysOnly } from '@/navigation/remote-keys';
import { useRemoteKeys } from '@/navigation/use-remote-keys';

/**
 * The subscriptions on the TV's account screen, each with its status, and "Cancel and get
 * refunded" (spec 3 §1 withdrawal of 14 days, §7 POST /billing/cancel; decision 083) while the
 * server's withdrawalUntil is ahead and this device may stop it (spec 3 §4, decision 017): OK asks
 * for confirmation, then the refund is shown (the status reads Refunded, with a line saying so).
 */
export function WithdrawalPanel({ app, customer, now = new Date() }: { app: App; customer: Customer; now?: Date }) {
  const { t, i18n } = useTranslation();
  const { platform } = useDevice();
  const [asking, setAsking] = useState<Subscription | null>(null);
  const [outcome, setOutcome] = useState<'withdrawn' | 'failed' | null>(null);
  const available = billingTypesAvailableOn(platform);
  if (customer.subscriptions.length === 0) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  return (
    <>
      <h2 className="account__subtitle">{t('tv.account.subscriptions')}</h2>
      <ul className="withdrawal">
        {customer.subscriptions.map((subscription) => {
          const display = subscriptionDisplay(subscription, available, now);
          const until =
            display.canUnsubscribe &&
            subscription.withdrawalUntil &&
            Date.parse(subscription.withdrawalUntil) > now.getTime()
              ? subscription.withdrawalUntil
              : null;
          const name =
            app.inAppPurchases.find((o) => o.productPriceID === subscription.productPriceID)?.name ??
            subscription.product;
          return (
            <li key={subscription.purchaseID} className="withdrawal__item">
              <div className="withdrawal__head">
                <span className="withdrawal__offer">{name}</span>
                <span className={`withdrawal__status withdrawal__status--${display.status}`}>
                  {t(`account.status.${display.isValid || display.status === 'refunded' ? display.status : 'expired'}`)}
                </span>
              </div>
              {display.status === 'refunded' ? <p className="withdrawal__text">{t('account.refundedText')}</p> : null}
              {until ? (
                <>
                  <p className="withdrawal__text">{t('account.withdrawUntil', { date: date(until) })}</p>
                  <FocusSection focusKey={`withdraw-${subscription.purchaseID}`} className="account__actions">
                    <TvButton
                      focusKey={`withdraw-button-${subscription.purchaseID}`}
                      label={t('account.withdraw')}
                      onSelect={() => {
                        setOutcome(null);
                        setAsking(subscription);
                      }}
                    />
                  </FocusSection>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {outcome ? (
        <p className={`withdrawal__outcome withdrawal__outcome--${outcome}`} role="status">
          {t(outcome === 'withdrawn' ? 'account.withdrawn' : 'errors.generic')}
        </p>
      ) : null}
      {asking ? (
        <WithdrawDialog
          subscription={asking}
          offerName={app.inAppPurchases.find((o) => o.productPriceID === asking.productPriceID)?.name ?? asking.product}
          onDone={(result) => {
            setAsking(null);
            setOutcome(result);
          }}
        />
      ) : null}
    </>
  );
}

/** The confirmation (a modal: Back or "Retour" closes it, nothing is asked of the server until OK). */
function WithdrawDialog({
  subscription,
  offerName,
  onDone,
}: {
  subscription: Subscription;
  offerName: string;
  onDone: (result: 'withdrawn' | 'failed' | null) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api.cancelSubscription({
        body: { billing_type: subscription.billingType, product_id: String(subscription.productID) },
      });
      // The account is read again: the subscription now says Refunded (or its unchanged status).
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
      onDone(answer.Result ? 'withdrawn' : 'failed');
    } catch (error) {
      console.error('[withdraw] failed', error);
      onDone('failed');
    }
  }, [api, busy, queryClient, onDone, subscription]);
  useEffect(() => {
    setModalFocus('withdraw-back', 'withdraw-');
    return () => setModalFocus(null);
  }, []);
  useRemoteKeys((key) => {
    if (key === 'back') onDone(null);
    else focusKeysOnly(key);
    return true;
  });
  return (
    <div
      className="consent"
      role="dialog"
      aria-modal="true"
      aria-label={t('account.withdrawTitle', { offer: offerName })}
    >
      <div className="consent__panel">
        <h2 className="consent__title">{t('account.withdrawTitle', { offer: offerName })}</h2>
        <p className="consent__text">{t('account.withdrawMessage')}</p>
        <FocusSection focusKey="withdraw-dialog" className="consent__actions" boundary>
          <TvButton focusKey="withdraw-back" label={t('common.back')} onSelect={() => onDone(null)} />
          <TvButton
            focusKey="withdraw-confirm"
            primary
            label={busy ? t('common.loading') : t('account.withdrawConfirm')}
            onSelect={() => void confirm()}
          />
        </FocusSection>
      </div>
    </div>
  );
}
