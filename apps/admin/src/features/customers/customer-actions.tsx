import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState, type FormEvent } from 'react';
import {
  adminEndpoints,
  type StaffMember,
  type SupportCustomerCard,
  type SupportMoney,
} from '@playz/api-contract/admin';
import { AdminApiError, adminCall } from '@/api/admin-client';
import { LocaleContext, useT } from '@/i18n/use-t';
import type { MessageKey } from '@/i18n/messages';
import { mayOpen } from '../shell/role-gate';
import { Status } from '../shell/status';
import { formatDate, formatMoney } from './money';

/**
 * A key per request the operator means (decision 084): kept until it is answered, so a double
 * click is one. A UUID v4 from getRandomValues: randomUUID exists only in secure contexts, and a
 * console opened over plain HTTP on an office network is not one.
 */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a refused action says: the server's number, in the operator's words. */
function failureOf(error: unknown): MessageKey {
  if (error instanceof AdminApiError) {
    if (error.number === 4) return 'actions.refused';
    if (error.number === 7) return 'actions.gone';
    if (error.number === 15) return 'actions.noEmail';
    if (error.status === 429) return 'signIn.tooMany';
  }
  return 'actions.failed';
}

function Outcome({ text, error }: { text: string | null; error: unknown }) {
  const t = useT();
  if (error)
    return (
      <p className="error" role="alert">
        {t(failureOf(error))}
      </p>
    );
  return text ? <p role="status">{text}</p> : null;
}

const useRefresh = (id: number) => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['customer', id] });
};

/** The account's own actions: unlock, a new reset link, the GDPR copy and deletion. */
export function AccountActions({ id, customer, me }: { id: number; customer: SupportCustomerCard; me: StaffMember }) {
  const t = useT();
  const refresh = useRefresh(id);
  const [done, setDone] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: () => adminCall(adminEndpoints.unlockCustomer, { params: { id } }),
    onSuccess: () => setDone(t('actions.unlocked')),
  });
  const resend = useMutation({
    mutationFn: () =>
      adminCall(adminEndpoints.resendCustomerMail, { params: { id }, body: { kind: 'password-reset' } }),
    onSuccess: () => setDone(t('actions.resent', { email: customer.login ?? '' })),
  });
  const exportData = useMutation({
    mutationFn: () => adminCall(adminEndpoints.exportCustomer, { params: { id } }),
    onSuccess: (answer) => {
      const blob = new Blob([JSON.stringify(answer.export, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `playz-customer-${id}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(link.href);
      setDone(t('actions.exported'));
    },
  });
  const remove = useMutation({
    mutationFn: () => adminCall(adminEndpoints.deleteCustomer, { params: { id } }),
    onSuccess: (answer) => {
      setDone(t(answer.keptForAccounting ? 'actions.deletedKept' : 'actions.deletedAll'));
      refresh();
    },
  });
  if (!mayOpen(me, ['support']) || customer.deleted) return null;
  const pending = unlock.isPending || resend.isPending || exportData.isPending || remove.isPending;
  const error = unlock.error ?? resend.error ?? exportData.error ?? remove.error;
  // Deletion cannot be undone: the operator types the account's e-mail (or its id) to confirm.
  const confirmWord = customer.login ?? String(customer.id);
  return (
    <div className="actions" role="group" aria-label={t('actions.account')}>
      <button type="button" className="button" disabled={pending} onClick={() => unlock.mutate()}>
        {t('actions.unlock')}
      </button>
      {customer.login ? (
        <button type="button" className="button" disabled={pending} onClick={() => resend.mutate()}>
          {t('actions.resendReset')}
        </button>
      ) : null}
      <button type="button" className="button" disabled={pending} onClick={() => exportData.mutate()}>
        {t('actions.export')}
      </button>
      <button
        type="button"
        className="button danger"
        disabled={pending}
        onClick={() => {
          const typed = window.prompt(t('actions.confirmDelete', { word: confirmWord }));
          if (typed !== null && typed.trim().toLowerCase() === confirmWord.toLowerCase()) remove.mutate();
        }}
      >
        {t('actions.delete')}
      </button>
      <Outcome text={done} error={error} />
    </div>
  );
}

/** Stops one session (a lost phone) and leaves the others open. */
export function StopSession({ id, sessionRef, label }: { id: number; sessionRef: string; label: string }) {
  const t = useT();
  const refresh = useRefresh(id);
  const stop = useMutation({
    mutationFn: () => adminCall(adminEndpoints.endCustomerSession, { params: { id, ref: sessionRef } }),
    onSuccess: refresh,
  });
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={stop.isPending}
        aria-label={t('actions.stopSessionOf', { device: label })}
        onClick={() => {
          if (window.confirm(t('actions.confirmStop', { device: label }))) stop.mutate();
        }}
      >
        {t('actions.stopSession')}
      </button>
      {stop.error ? (
        <span className="error" role="alert">
          {t(failureOf(stop.error))}
        </span>
      ) : null}
    </>
  );
}

/** The alerts and mails sent to the customer, read when asked (it reads the mail outbox). */
export function MessagesPanel({ id }: { id: number }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const [open, setOpen] = useState(false);
  const messages = useQuery({
    queryKey: ['customer', id, 'messages'],
    queryFn: () => adminCall(adminEndpoints.getCustomerMessages, { params: { id } }),
    enabled: open,
  });
  const when = (iso: string) => formatDate(iso, locale);
  return (
    <section className="panel" aria-labelledby="messages-title">
      <h3 id="messages-title">{t('actions.messages')}</h3>
      {!open ? (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('actions.showMessages')}
        </button>
      ) : messages.isPending ? (
        <Status kind="loading" />
      ) : messages.isError ? (
        <Status kind="error" onRetry={() => void messages.refetch()} />
      ) : (
        <div className="two-lists">
          <div>
            <h4>{t('actions.alerts')}</h4>
            {messages.data.alerts.length === 0 ? <p className="muted">{t('customers.nothing')}</p> : null}
            <ul className="plain">
              {messages.data.alerts.map((a) => (
                <li key={`${a.key}-${a.sentAt}`}>
                  <code>{a.key}</code> · {when(a.sentAt)}
                  {a.mailDue ? ` · ${t('actions.mailDue')}` : ''}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h4>{t('actions.mails')}</h4>
            {messages.data.mails === null ? <p className="muted">{t('actions.mailsNotKept')}</p> : null}
            {messages.data.mails?.length === 0 ? <p className="muted">{t('customers.nothing')}</p> : null}
            <ul className="plain">
              {messages.data.mails?.map((m) => (
                <li key={`${m.sentAt}-${m.subject}`}>
                  {m.subject} · {when(m.sentAt)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}

/** Goodwill days on one subscription: one key per grant the operator means. */
export function GoodwillForm({ id, subscriptionId, offer }: { id: number; subscriptionId: number; offer: string }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const refresh = useRefresh(id);
  const [days, setDays] = useState('7');
  const [key, setKey] = useState(newKey);
  const grant = useMutation({
    mutationFn: (input: { days: number; key: string }) =>
      adminCall(adminEndpoints.grantGoodwill, { params: { id }, body: { subscriptionId, ...input } }),
    onSuccess: () => {
      setKey(newKey());
      refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(days);
    if (Number.isInteger(n) && n >= 1 && n <= 90) grant.mutate({ days: n, key });
  };
  return (
    <form className="inline-action" onSubmit={submit} aria-label={t('actions.goodwillFor', { offer })}>
      <label>
        {t('actions.goodwillDays')}
        <input
          type="number"
          min={1}
          max={90}
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={grant.isPending}>
        {t('actions.goodwill')}
      </button>
      <Outcome
        text={grant.data ? t('actions.goodwillDone', { date: formatDate(grant.data.expirationDate, locale) }) : null}
        error={grant.error}
      />
    </form>
  );
}

/** Cents from what the operator typed ("1,50", "1.50", "2"); null when it is not an amount. */
export function centsOf(typed: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(typed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * The payments that moved money (billings and renewal charges), each refundable in whole or in
 * part through its provider when it can be (decisions 084 and 109).
 */
export function PaymentsPanel({ id, money, me }: { id: number; money: SupportMoney; me: StaffMember }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  return (
    <section className="panel" aria-labelledby="payments-title">
      <h3 id="payments-title">{t('actions.payments')}</h3>
      {money.payments.length === 0 ? <p className="muted">{t('customers.nothing')}</p> : null}
      <ul className="plain">
        {money.payments.map((p) => {
          const label = p.kind === 'Renewal' ? `${t('refund.renewal')} · ${p.label}` : p.label;
          return (
            <li key={p.id} className="payment">
              <span>
                <strong>{label}</strong> · {p.billingType} · {formatMoney(p.amountCents, p.currency, locale)} ·{' '}
                {formatDate(p.paidAt, locale)} · <code>{p.id}</code>
              </span>
              {p.refund === 'done' ? <span className="muted">{t('actions.refunded')}</span> : null}
              {p.refund === 'elsewhere' ? (
                <span className="muted">{t('actions.refundElsewhere', { provider: p.billingType })}</span>
              ) : null}
              {p.refund === 'provider' && mayOpen(me, ['support', 'finance']) ? (
                <RefundForm
                  id={id}
                  billingId={p.id}
                  label={label}
                  partial={p.refundableCents < p.amountCents}
                  refundableCents={p.refundableCents}
                  currency={p.currency}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RefundForm({
  id,
  billingId,
  label,
  partial,
  refundableCents,
  currency,
}: {
  id: number;
  billingId: string;
  label: string;
  partial: boolean;
  refundableCents: number;
  currency: string;
}) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const refresh = useRefresh(id);
  const left = formatMoney(refundableCents, currency, locale);
  // The whole of what is left unless the operator types less; after a refund, what is left then.
  const [typed, setTyped] = useState(() => (refundableCents / 100).toFixed(2));
  useEffect(() => setTyped((refundableCents / 100).toFixed(2)), [refundableCents]);
  const [invalid, setInvalid] = useState(false);
  // One key per request until it is answered: a double click is one refund (decision 109).
  const [key, setKey] = useState(newKey);
  const refund = useMutation({
    mutationFn: (amountCents: number) =>
      adminCall(adminEndpoints.refundPayment, { params: { id }, body: { billingId, amountCents, key } }),
    onSuccess: () => {
      setKey(newKey());
      refresh();
    },
  });
  const inputId = `refund-${billingId}`;
  return (
    <form
      className="refund"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        const cents = centsOf(typed);
        const ok = cents !== null && cents > 0 && cents <= refundableCents;
        setInvalid(!ok);
        if (!ok) return;
        const amount = formatMoney(cents, currency, locale);
        // Part of what is left keeps the access; all of it may end it (the current term's charge).
        const question = cents < refundableCents ? 'refund.confirmPart' : 'actions.confirmRefund';
        if (window.confirm(t(question, { label, amount }))) refund.mutate(cents);
      }}
    >
      {partial ? <span className="muted">{t('refund.left', { amount: left })}</span> : null}
      <label htmlFor={inputId}>{t('refund.amount', { currency })}</label>
      <input
        id={inputId}
        inputMode="decimal"
        autoComplete="off"
        size={8}
        value={typed}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${inputId}-error` : undefined}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button
        type="submit"
        className="button danger small"
        disabled={refund.isPending}
        aria-label={t('actions.refundOf', { label, amount: left })}
      >
        {t('actions.refund')}
      </button>
      {invalid ? (
        <p className="error" id={`${inputId}-error`} role="alert">
          {t('refund.badAmount', { amount: left })}
        </p>
      ) : null}
      <Outcome
        text={
          refund.data
            ? t(refund.data.repeated ? 'actions.refundRepeated' : 'actions.refundDone', {
                amount: formatMoney(refund.data.refundedCents, refund.data.currency, locale),
              })
            : null
        }
        error={refund.error}
      />
    </form>
  );
}
