import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { adminEndpoints, type AdminOffer } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { LocaleContext, useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { OfferTermsForm } from './offer-terms-form';
import './offers.css';

const UNITS: Record<string, MessageKey> = {
  Day: 'offers.unit.Day',
  Week: 'offers.unit.Week',
  Month: 'offers.unit.Month',
  Year: 'offers.unit.Year',
};

/**
 * Offers by product (decision 090): what each costs, for how long, with which free trial; new
 * terms for new subscribers as a new offer, hiding and showing one (decision 099).
 */
export function OffersPage() {
  const t = useT();
  const locale = useContext(LocaleContext);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['offers'], queryFn: () => adminCall(adminEndpoints.listOffers) });
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const visibility = useMutation({
    mutationFn: ({ id, hide }: { id: number; hide: boolean }) =>
      adminCall(hide ? adminEndpoints.hideOffer : adminEndpoints.showOffer, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['offers'] }),
    onError: () => setNotice(t('offers.failed')),
  });
  const edited = list.data?.offers.find((offer) => offer.id === editing) ?? null;
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' }) : '…';
  const term = (offer: AdminOffer) => {
    const unit = UNITS[offer.durationUnit];
    return `${offer.durationCount} ${unit ? t(unit) : offer.durationUnit}`;
  };
  return (
    <section>
      <h1>{t('offers.title')}</h1>
      <p>{t('offers.intro')}</p>
      {list.isPending ? <Status kind="loading" /> : null}
      {list.isError ? <Status kind="error" onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t('offers.product')}</th>
                <th>{t('offers.name')}</th>
                <th>{t('offers.price')}</th>
                <th>{t('offers.term')}</th>
                <th>{t('offers.trial')}</th>
                <th>{t('offers.promo')}</th>
                <th>{t('offers.billing')}</th>
                <th>{t('offers.state')}</th>
                <th>{t('offers.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.offers.map((offer) => (
                <tr key={offer.id} className={offer.hiddenAt ? 'off-sale' : undefined}>
                  <td>
                    {offer.product} <span className="muted">#{offer.id}</span>
                  </td>
                  <td>{offer.name}</td>
                  <td className="amount">{money(offer.priceCents, offer.currency)}</td>
                  <td>{term(offer)}</td>
                  <td>
                    {offer.freeTrialDays > 0
                      ? t('offers.trialDays', { count: String(offer.freeTrialDays) })
                      : t('offers.noTrial')}
                  </td>
                  <td>
                    {offer.promo
                      ? t('offers.promoPrice', {
                          price: money(offer.promo.priceCents, offer.currency),
                          from: date(offer.promo.startDate),
                          to: date(offer.promo.endDate),
                        })
                      : '—'}
                  </td>
                  <td>
                    {offer.billingType}
                    {offer.sku ? <span className="muted"> · {offer.sku}</span> : null}
                  </td>
                  <td className={`offer-state ${offer.hiddenAt ? 'hidden' : 'on-sale'}`}>
                    {offer.replacedBy !== null
                      ? t('offers.replacedBy', { id: String(offer.replacedBy) })
                      : t(offer.hiddenAt ? 'offers.hidden' : 'offers.onSale')}
                  </td>
                  <td>
                    {offer.replacedBy === null ? (
                      <div className="row-buttons offers-actions">
                        {/* Terms (a price per month or week, a trial) are a subscription's; a purchase's hours are not edited here. */}
                        {offer.type === 'Subscription' ? (
                          <button
                            type="button"
                            className="button small"
                            aria-expanded={editing === offer.id}
                            onClick={() => {
                              setNotice(null);
                              setEditing(offer.id);
                            }}
                          >
                            {t('offers.newTerms')}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="button small ghost"
                          disabled={visibility.isPending}
                          onClick={() => visibility.mutate({ id: offer.id, hide: offer.hiddenAt === null })}
                        >
                          {t(offer.hiddenAt ? 'offers.show' : 'offers.hide')}
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="offers-notice">
          {notice}
        </p>
      ) : null}
      {edited ? (
        <OfferTermsForm
          key={edited.id}
          offer={edited}
          onDone={(message) => {
            setEditing(null);
            setNotice(message || null);
          }}
        />
      ) : null}
    </section>
  );
}
