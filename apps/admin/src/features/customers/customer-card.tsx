import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { adminEndpoints, type StaffMember } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import { LocaleContext, useT } from '@/i18n/use-t';
import { mayOpen } from '../shell/role-gate';
import { Status } from '../shell/status';
import { formatDate, formatMoney } from './money';
import { AccountActions, GoodwillForm, MessagesPanel, PaymentsPanel, StopSession } from './customer-actions';

/**
 * One customer as support reads them: the account, where they are signed in, what they pay
 * (decision 080), and what support may change for them (decision 084).
 */
export function CustomerCard({ id, me }: { id: number; me: StaffMember }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const queryClient = useQueryClient();
  const card = useQuery({
    queryKey: ['customer', id],
    queryFn: () => adminCall(adminEndpoints.getCustomer, { params: { id } }),
  });
  const signOut = useMutation({
    mutationFn: () => adminCall(adminEndpoints.endCustomerSessions, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['customer', id] }),
  });
  if (card.isPending) return <Status kind="loading" />;
  if (card.isError) return <Status kind="error" onRetry={() => void card.refetch()} />;
  const { customer, money } = card.data;
  const date = (iso: string | null) => formatDate(iso, locale);
  const support = mayOpen(me, ['support']) && !customer.deleted;
  return (
    <article className="customer" aria-labelledby="customer-name">
      <header className="panel customer-head">
        <h2 id="customer-name">{customer.name || customer.login}</h2>
        <p className="muted">
          {customer.login} {customer.phone ? `· ${customer.phone}` : ''} ·{' '}
          {t('customers.since', { date: date(customer.createdAt) })}
          {/* 'playz' is the service's own log-in: only a social sign-on is worth saying. */}
          {customer.loggedWith && customer.loggedWith !== 'playz'
            ? ` · ${t('customers.signedWith', { provider: customer.loggedWith })}`
            : ''}
          {customer.deleted ? ` · ${t('customers.deleted')}` : ''}
        </p>
        <p className="muted">
          {t('customers.profiles')} :{' '}
          {customer.profiles.length
            ? customer.profiles.map((p) => (p.kids ? `${p.name} (${t('customers.kids')})` : p.name)).join(', ')
            : t('customers.nothing')}
        </p>
        <AccountActions id={id} customer={customer} me={me} />
      </header>

      <section className="panel" aria-labelledby="sessions-title">
        <h3 id="sessions-title">{t('customers.sessions')}</h3>
        {customer.sessions.length === 0 ? <p className="muted">{t('customers.noSessions')}</p> : null}
        <ul className="plain">
          {customer.sessions.map((session) => {
            const device = customer.devices.find((d) => d.id === session.deviceId);
            const label = `${session.platform}${device?.vendor ? ` · ${device.vendor} ${device.model ?? ''}`.trimEnd() : ''}`;
            return (
              <li key={session.ref} className="row">
                <span>
                  {label} · {date(session.lastSeenAt)}
                </span>
                {support ? <StopSession id={id} sessionRef={session.ref} label={label} /> : null}
              </li>
            );
          })}
        </ul>
        {support && customer.sessions.length > 0 ? (
          <button
            type="button"
            className="button"
            disabled={signOut.isPending}
            onClick={() => {
              if (window.confirm(t('customers.confirmSignOut', { name: customer.name || customer.login || '' })))
                signOut.mutate();
            }}
          >
            {t('customers.signOutAll')}
          </button>
        ) : null}
        {signOut.data ? <p role="status">{t('customers.signedOut', { count: String(signOut.data.ended) })}</p> : null}
      </section>

      <section className="panel" aria-labelledby="subscriptions-title">
        <h3 id="subscriptions-title">{t('customers.subscriptions')}</h3>
        {money.subscriptions.length === 0 ? <p className="muted">{t('customers.nothing')}</p> : null}
        <ul className="plain">
          {money.subscriptions.map((s) => (
            <li key={s.id} className="row">
              <span>
                <strong>{s.offer}</strong> · {s.billingType} · {s.status} ·{' '}
                {formatMoney(s.priceCents, s.currency, locale)} ·{' '}
                {s.cancelledAt
                  ? t('customers.cancelled', { date: date(s.cancelledAt) })
                  : t('customers.until', { date: date(s.expirationDate) })}
              </span>
              {support && s.status !== 'Refunded' ? (
                <GoodwillForm id={id} subscriptionId={s.id} offer={s.offer} />
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="panel" aria-labelledby="purchases-title">
        <h3 id="purchases-title">{t('customers.purchases')}</h3>
        {money.purchases.length === 0 ? <p className="muted">{t('customers.nothing')}</p> : null}
        <ul className="plain">
          {money.purchases.map((p) => (
            <li key={p.id}>
              <strong>{p.label}</strong> · {p.billingType} · {p.status} ·{' '}
              {formatMoney(p.priceCents, p.currency, locale)} · {date(p.createdAt)}
            </li>
          ))}
        </ul>
      </section>

      <PaymentsPanel id={id} money={money} me={me} />

      {support ? <MessagesPanel id={id} /> : null}

      <section className="panel" aria-labelledby="ledger-title">
        <h3 id="ledger-title">{t('customers.ledger')}</h3>
        {money.ledger.length === 0 ? (
          <p className="muted">{t('customers.nothing')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <tbody>
                {money.ledger.map((line) => (
                  <tr key={line.id}>
                    <td>{date(line.createdAt)}</td>
                    <td>{line.entry}</td>
                    <td>{line.billingType}</td>
                    <td className="amount">{formatMoney(line.amountCents, line.currency, locale)}</td>
                    <td>
                      <code>{line.billingId ?? ''}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}
