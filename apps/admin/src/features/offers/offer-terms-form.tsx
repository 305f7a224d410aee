import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminEndpoints, type AdminOffer } from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { useT } from '@/i18n/use-t';

const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
const amount = (value: number) => (value / 100).toFixed(2);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const midnight = (date: string) => (date ? `${date}T00:00:00.000Z` : null);

/**
 * New terms for new subscribers (decision 099): filled with the offer's current ones; saving makes
 * a new offer in its place and hides this one, whose subscribers keep renewing at their terms.
 */
export function OfferTermsForm({ offer, onDone }: { offer: AdminOffer; onDone: (message: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState(offer.name);
  const [price, setPrice] = useState(amount(offer.priceCents));
  const [unit, setUnit] = useState(offer.durationUnit === 'Week' ? 'Week' : 'Month');
  const [count, setCount] = useState(String(offer.durationCount));
  const [trial, setTrial] = useState(String(offer.freeTrialDays));
  const [withPromo, setWithPromo] = useState(offer.promo !== null);
  const [promoPrice, setPromoPrice] = useState(offer.promo ? amount(offer.promo.priceCents) : '');
  const [promoFrom, setPromoFrom] = useState(day(offer.promo?.startDate ?? null));
  const [promoTo, setPromoTo] = useState(day(offer.promo?.endDate ?? null));
  const [promoDays, setPromoDays] = useState(offer.promo?.durationDays ? String(offer.promo.durationDays) : '');
  const [promoText, setPromoText] = useState('');
  const [sku, setSku] = useState(offer.sku ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () =>
      adminCall(adminEndpoints.replaceOffer, {
        params: { id: offer.id },
        body: {
          name: name.trim() || undefined,
          priceCents: cents(price),
          durationUnit: unit,
          durationCount: Number(count),
          freeTrialDays: Number(trial),
          promo: withPromo
            ? {
                priceCents: cents(promoPrice),
                startDate: midnight(promoFrom),
                endDate: midnight(promoTo),
                durationDays: promoDays ? Number(promoDays) : null,
                text: promoText.trim() || null,
              }
            : null,
          sku: sku.trim() || null,
        },
      }),
    onSuccess: (done) => {
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
      onDone(t('offers.saved', { id: String(done.offer.id), old: String(done.replaced.id) }));
    },
    onError: (caught) =>
      setError(t(caught instanceof AdminApiError && caught.number === 3 ? 'offers.refused' : 'offers.failed')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate();
  }

  const titleId = `offer-terms-${offer.id}`;
  return (
    <form className="panel offer-terms" aria-labelledby={titleId} onSubmit={submit}>
      <h2 id={titleId}>{t('offers.formTitle', { name: offer.name, id: String(offer.id) })}</h2>
      <p className="muted">{t('offers.formIntro', { name: offer.name })}</p>
      <div className="offer-fields">
        <label>
          {t('offers.nameField')}
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('offers.priceField', { currency: offer.currency })}
          <input
            required
            inputMode="decimal"
            pattern="[0-9]+([.,][0-9]{1,2})?"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <label>
          {t('offers.countField')}
          <input required type="number" min={1} max={24} value={count} onChange={(e) => setCount(e.target.value)} />
        </label>
        <label>
          {t('offers.unitField')}
          <select value={unit} onChange={(e) => setUnit(e.target.value === 'Week' ? 'Week' : 'Month')}>
            <option value="Month">{t('offers.unit.Month')}</option>
            <option value="Week">{t('offers.unit.Week')}</option>
          </select>
        </label>
        <label>
          {t('offers.trialField')}
          <input required type="number" min={0} max={365} value={trial} onChange={(e) => setTrial(e.target.value)} />
        </label>
        <label>
          {t('offers.skuField')}
          <input value={sku} maxLength={200} onChange={(e) => setSku(e.target.value)} />
        </label>
      </div>
      <label className="check">
        <input type="checkbox" checked={withPromo} onChange={(e) => setWithPromo(e.target.checked)} />
        {t('offers.promoToggle')}
      </label>
      {withPromo ? (
        <div className="offer-fields">
          <label>
            {t('offers.promoPriceField', { currency: offer.currency })}
            <input
              required
              inputMode="decimal"
              pattern="[0-9]+([.,][0-9]{1,2})?"
              value={promoPrice}
              onChange={(e) => setPromoPrice(e.target.value)}
            />
          </label>
          <label>
            {t('offers.promoFrom')}
            <input type="date" value={promoFrom} onChange={(e) => setPromoFrom(e.target.value)} />
          </label>
          <label>
            {t('offers.promoTo')}
            <input type="date" value={promoTo} onChange={(e) => setPromoTo(e.target.value)} />
          </label>
          <label>
            {t('offers.promoDays')}
            <input type="number" min={1} max={365} value={promoDays} onChange={(e) => setPromoDays(e.target.value)} />
          </label>
          <label className="wide">
            {t('offers.promoText')}
            <input value={promoText} maxLength={200} onChange={(e) => setPromoText(e.target.value)} />
          </label>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <div className="row-buttons">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {t('offers.save')}
        </button>
        <button type="button" className="button ghost" onClick={() => onDone('')}>
          {t('offers.cancel')}
        </button>
      </div>
    </form>
  );
}
