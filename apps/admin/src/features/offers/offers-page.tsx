import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { adminEndpoints, type AdminOffer } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { LocaleContext, useT } from '@/i18n/use-t';
import { Status } from '../shell/status';

const UNITS: Record<string, MessageKey> = {
  Day: 'offers.unit.Day',
  Week: 'offers.unit.Week',
  Month: 'offers.unit.Month',
  Year: 'offers.unit.Year',
};

/** Offers by product (decision 090): what each costs, for how long, with which free trial. Read only for now. */
export function OffersPage() {
  const t = useT();
  const locale = useContext(LocaleContext);
  const list = useQuery({ queryKey: ['offers'], queryFn: () => adminCall(adminEndpoints.listOffers) });
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
              </tr>
            </thead>
            <tbody>
              {list.data.offers.map((offer) => (
                <tr key={offer.id}>
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
