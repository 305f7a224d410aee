import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { adminEndpoints, type AdminPromoCode, type StaffMember } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { LocaleContext, useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { mayOpen } from '../shell/role-gate';
import { KeysetPager, useKeysetPages } from '../lists/keyset-pager';

const PROMO_KEY = ['promo-codes'] as const;

function useDate() {
  const locale = useContext(LocaleContext);
  return (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' }) : null;
}

/** "3 / 100" with a cap, "3" without. */
const usageOf = (code: AdminPromoCode) =>
  code.maxRedemptions === null ? String(code.redeemed) : `${code.redeemed} / ${code.maxRedemptions}`;

function CreatePromoCode() {
  const t = useT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [days, setDays] = useState('7');
  const [cap, setCap] = useState('');
  const [expires, setExpires] = useState('');
  const create = useMutation({
    mutationFn: () =>
      adminCall(adminEndpoints.createPromoCode, {
        body: {
          code,
          days: Number(days),
          maxRedemptions: cap === '' ? null : Number(cap),
          // The day chosen is the last one the code works: it ends at that day's close, UTC.
          expiresAt: expires === '' ? null : `${expires}T23:59:59Z`,
        },
      }),
    onSuccess: () => {
      setCode('');
      setCap('');
      setExpires('');
      void queryClient.invalidateQueries({ queryKey: PROMO_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="panel inline-form" onSubmit={submit} aria-labelledby="promo-create-title">
      <h2 id="promo-create-title">{t('promo.create')}</h2>
      <label>
        {t('promo.code')}
        <input
          required
          minLength={3}
          maxLength={32}
          pattern="[A-Za-z0-9][A-Za-z0-9\-]{1,30}[A-Za-z0-9]"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
      </label>
      <label>
        {t('promo.days')}
        <input type="number" required min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
      </label>
      <label>
        {t('promo.cap')}
        <input
          type="number"
          min={1}
          placeholder={t('promo.noCap')}
          value={cap}
          onChange={(e) => setCap(e.target.value)}
        />
      </label>
      <label>
        {t('promo.expiresLabel')}
        <input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </label>
      <button type="submit" className="button primary" disabled={create.isPending || code.length < 3}>
        {t('promo.createSubmit')}
      </button>
      {create.isError ? (
        <p role="alert" className="error">
          {t('promo.invalid')}
        </p>
      ) : null}
      {create.data ? <p role="status">{t('promo.created', { code: create.data.promoCode.code })}</p> : null}
    </form>
  );
}

function DisableButton({ code }: { code: AdminPromoCode }) {
  const t = useT();
  const queryClient = useQueryClient();
  const disable = useMutation({
    mutationFn: () => adminCall(adminEndpoints.disablePromoCode, { params: { code: code.code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROMO_KEY }),
  });
  if (code.state === 'disabled') return null;
  return (
    <button
      type="button"
      className="button ghost"
      disabled={disable.isPending}
      onClick={() => {
        if (window.confirm(t('promo.confirmDisable', { code: code.code }))) disable.mutate();
      }}
    >
      {t('promo.disable')}
    </button>
  );
}

function PromoCodeList() {
  const t = useT();
  const date = useDate();
  // A page at a time, newest first (decision 110).
  const pages = useKeysetPages('');
  const list = useQuery({
    queryKey: [...PROMO_KEY, 'page', pages.after ?? null],
    queryFn: () => adminCall(adminEndpoints.listPromoCodes, { query: pages.after ? { after: pages.after } : {} }),
  });
  if (list.isPending) return <Status kind="loading" />;
  if (list.isError) return <Status kind="error" onRetry={() => void list.refetch()} />;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>{t('promo.code')}</th>
            <th>{t('promo.days')}</th>
            <th>{t('promo.use')}</th>
            <th>{t('promo.expires')}</th>
            <th>{t('promo.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data.promoCodes.map((code) => (
            <tr key={code.code}>
              <td>
                <Link to={`/promo-codes/${encodeURIComponent(code.code)}`}>{code.code}</Link>
              </td>
              <td>
                {code.campaign.days === null
                  ? t('promo.opensOpenEnded')
                  : t('promo.daysShort', { count: String(code.campaign.days) })}
              </td>
              <td>{usageOf(code)}</td>
              <td>{date(code.expiresAt) ?? t('promo.never')}</td>
              <td>{t(`promo.state.${code.state}`)}</td>
              <td>
                <DisableButton code={code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <KeysetPager pages={pages} next={list.data.next} />
    </div>
  );
}

function PromoCodeDetail({ code, me }: { code: string; me: StaffMember }) {
  const t = useT();
  const date = useDate();
  const detail = useQuery({
    queryKey: [...PROMO_KEY, code],
    queryFn: () => adminCall(adminEndpoints.getPromoCode, { params: { code } }),
  });
  // Only those who may open a customer's card get a link to it (decision 090).
  const linksToCards = mayOpen(me, ['support', 'finance']);
  if (detail.isPending) return <Status kind="loading" />;
  if (detail.isError) return <Status kind="error" onRetry={() => void detail.refetch()} />;
  const { promoCode, redeemers } = detail.data;
  return (
    <article className="panel" aria-labelledby="promo-detail-title">
      <h2 id="promo-detail-title">{promoCode.code}</h2>
      <ul className="plain">
        <li className="row">
          <span className="muted">{t('promo.opens')}</span>{' '}
          {promoCode.campaign.days === null
            ? t('promo.opensOpenEnded')
            : t('promo.opensDays', { count: String(promoCode.campaign.days) })}
        </li>
        <li className="row">
          <span className="muted">{t('promo.use')}</span> {usageOf(promoCode)}
        </li>
        <li className="row">
          <span className="muted">{t('promo.expires')}</span> {date(promoCode.expiresAt) ?? t('promo.never')}
        </li>
        <li className="row">
          <span className="muted">{t('promo.state')}</span> {t(`promo.state.${promoCode.state}`)}
        </li>
        <li className="row">
          <span className="muted">{t('promo.createdBy')}</span> {date(promoCode.createdAt)}
          {promoCode.createdBy ? ` · ${promoCode.createdBy}` : ''}
        </li>
      </ul>
      <DisableButton code={promoCode} />
      <section aria-labelledby="promo-redeemers-title">
        <h3 id="promo-redeemers-title">{t('promo.redeemers')}</h3>
        {redeemers.length === 0 ? <p className="muted">{t('promo.noRedeemers')}</p> : null}
        <ul className="plain">
          {redeemers.map((r) => {
            const who = r.deleted ? t('promo.deletedAccount') : (r.login ?? r.name) || `#${r.customerId}`;
            return (
              <li key={r.customerId} className="row">
                <span>{linksToCards && !r.deleted ? <Link to={`/customers/${r.customerId}`}>{who}</Link> : who}</span>
                <span className="muted">{date(r.redeemedAt)}</span>
              </li>
            );
          })}
        </ul>
      </section>
    </article>
  );
}

/** Promo codes (decision 090): their use and who redeemed them, a new one, disabling one. */
export function PromoCodesPage({ me }: { me: StaffMember }) {
  const t = useT();
  const { code } = useParams();
  return (
    <section>
      <h1>{t('promo.title')}</h1>
      <p>{t('promo.intro')}</p>
      {code ? (
        <>
          <p>
            <Link to="/promo-codes">{t('promo.back')}</Link>
          </p>
          <PromoCodeDetail code={code} me={me} />
        </>
      ) : (
        <>
          <PromoCodeList />
          <CreatePromoCode />
        </>
      )}
    </section>
  );
}
