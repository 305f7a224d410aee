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
 * The subscriptions on the TV's account screen, each with its status and next term: "Se
 * désabonner" where this device may stop it (spec 3 §4, decision 017), and before it "Annuler et
 * être remboursé" (spec 3 §1 withdrawal of 14 days, §7 POST /billing/cancel; decision 083) while
 * the server's withdrawalUntil is ahead. OK asks for confirmation, then the outcome is shown (the
 * status reads Refunded or Cancelled, with a line saying so).
 */
export function WithdrawalPanel({ app, customer, now = new Date() }: { app: App; customer: Customer; now?: Date }) {
  const { t, i18n } = useTranslation();
  const { platform } = useDevice();
  const [asking, setAsking] = useState<{ subscription: Subscription; kind: StopKind } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
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
              {display.nextTermDate ? (
                <p className="withdrawal__text">{t('account.nextTerm', { date: date(display.nextTermDate) })}</p>
              ) : null}
              {until ? <p className="withdrawal__text">{t('account.withdrawUntil', { date: date(until) })}</p> : null}
              {display.canUnsubscribe ? (
                <FocusSection focusKey={`subscription-actions-${subscription.purchaseID}`} className="account__actions">
                  {until ? (
                    <TvButton
                      focusKey={`withdraw-button-${subscription.purchaseID}`}
                      label={t('account.withdraw')}
                      onSelect={() => {
                        setOutcome(null);
                        setAsking({ subscription, kind: 'withdraw' });
                      }}
                    />
                  ) : null}
                  <TvButton
                    focusKey={`unsubscribe-button-${subscription.purchaseID}`}
                    label={t('account.unsubscribe')}
                    onSelect={() => {
                      setOutcome(null);
                      setAsking({ subscription, kind: 'unsubscribe' });
                    }}
                  />
                </FocusSection>
              ) : null}
            </li>
          );
        })}
      </ul>
      {outcome ? (
        <p className={`withdrawal__outcome withdrawal__outcome--${outcome.kind}`} role="status">
          {outcome.kind === 'withdrawn'
            ? t('account.withdrawn')
            : outcome.kind === 'unsubscribed'
              ? t('account.unsubscribed', { date: date(outcome.until) })
              : t('errors.generic')}
        </p>
      ) : null}
      {asking ? (
        <StopDialog
          kind={asking.kind}
          subscription={asking.subscription}
          offerName={
            app.inAppPurchases.find((o) => o.productPriceID === asking.subscription.productPriceID)?.name ??
            asking.subscription.product
          }
          accessUntil={date(asking.subscription.expirationDate)}
          onDone={(result) => {
            setAsking(null);
            setOutcome(result);
          }}
        />
      ) : null}
    </>
  );
}

type StopKind = 'unsubscribe' | 'withdraw';
type Outcome = { kind: 'withdrawn' } | { kind: 'unsubscribed'; until: string } | { kind: 'failed' };

/**
 * The confirmation (a modal: Back or "Retour" closes it, nothing is asked of the server until its
 * confirm): POST /billing/unsubscribe (spec 3 §4, access until the term ends) or POST
 * /billing/cancel (the withdrawal, decision 083).
 */
function StopDialog({
  kind,
  subscription,
  offerName,
  accessUntil,
  onDone,
}: {
  kind: StopKind;
  subscription: Subscription;
  offerName: string;
  accessUntil: string;
  onDone: (result: Outcome | null) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    const body = { billing_type: subscription.billingType, product_id: String(subscription.productID) };
    try {
      const answer = kind === 'withdraw' ? await api.cancelSubscription({ body }) : await api.unsubscribe({ body });
      // The account is read again: the subscription now says Refunded or Cancelled.
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
      if (!answer.Result) onDone({ kind: 'failed' });
      else if (answer.Status === 'Refunded') onDone({ kind: 'withdrawn' });
      else onDone({ kind: 'unsubscribed', until: subscription.expirationDate });
    } catch (error) {
      console.error(`[${kind}] failed`, error);
      onDone({ kind: 'failed' });
    }
  }, [api, busy, kind, queryClient, onDone, subscription]);
  useEffect(() => {
    setModalFocus('stop-dialog-back', 'stop-dialog-');
    return () => setModalFocus(null);
  }, []);
  useRemoteKeys((key) => {
    if (key === 'back') onDone(null);
    else focusKeysOnly(key);
    return true;
  });
  const title =
    kind === 'withdraw'
      ? t('account.withdrawTitle', { offer: offerName })
      : t('account.unsubscribeTitle', { offer: offerName });
  return (
    <div className="consent" role="dialog" aria-modal="true" aria-label={title}>
      <div className="consent__panel">
        <h2 className="consent__title">{title}</h2>
        <p className="consent__text">
          {kind === 'withdraw' ? t('account.withdrawMessage') : t('account.unsubscribeMessage', { date: accessUntil })}
        </p>
        <FocusSection focusKey="stop-dialog-actions" className="consent__actions" boundary>
          <TvButton focusKey="stop-dialog-back" label={t('common.back')} onSelect={() => onDone(null)} />
          <TvButton
            focusKey="stop-dialog-confirm"
            primary
            label={
              busy
                ? t('common.loading')
                : t(kind === 'withdraw' ? 'account.withdrawConfirm' : 'account.unsubscribeConfirm')
            }
            onSelect={() => void confirm()}
          />
        </FocusSection>
      </div>
    </div>
  );
}
