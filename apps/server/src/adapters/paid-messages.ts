import { normalizeFrenchPhone } from '@playz/domain';
import type { RateLimiter, RateLimitRule } from '../lib/rate-limiter';
import { TooManyAttemptsError } from '../lib/too-many-attempts';
import { createMailAdapter, type MailAdapter, type MailMessage } from './mail/mail.adapter';
import { createSmsAdapter, type SmsAdapter, type SmsMessage } from './sms/sms.adapter';

export type PaidMessageKind = 'sms' | 'mail';
/** A message without its recipient: the permit names it. */
export type PaidSms = Omit<SmsMessage, 'to'>;
export type PaidMail = Omit<MailMessage, 'to'>;

/** Who a message is sent for: the account (the session's, or the one it is about) and the caller's address. */
export interface MessageSender {
  customerId: number | null;
  /** The caller's address; null when the service itself writes (the alert job): no address budget. */
  ip: string | null;
}

/**
 * A right to send `count` messages of one kind to one recipient, counted against every budget
 * when it was given. Only `permit` makes one (the set below), so no caller can send unbudgeted.
 */
export interface MessagePermit {
  readonly kind: PaidMessageKind;
  readonly to: string;
  readonly count: number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
type Budget = { hour: number; day: number };

/**
 * Every message that costs money, per recipient, per account, per client address and for the whole
 * service (decision 050). Each budget has an hourly and a daily window, so a slow drip is capped too.
 */
export const MESSAGE_BUDGETS: Record<PaidMessageKind, Record<'to' | 'account' | 'ip' | 'service', Budget>> = {
  sms: {
    to: { hour: 3, day: 6 },
    account: { hour: 5, day: 10 },
    ip: { hour: 10, day: 30 },
    service: { hour: 2000, day: 10_000 },
  },
  mail: {
    to: { hour: 5, day: 20 },
    account: { hour: 10, day: 40 },
    ip: { hour: 20, day: 100 },
    service: { hour: 10_000, day: 50_000 },
  },
};

/**
 * The key a recipient is counted under: a French mobile in its national form, an e-mail address
 * lower-cased and without its `+tag` (a+1@x.fr and a+2@x.fr land in one mailbox).
 */
export function recipientKey(kind: PaidMessageKind, to: string): string {
  if (kind === 'sms') return normalizeFrenchPhone(to);
  const address = to.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  return `${address.slice(0, at).replace(/\+.*$/, '')}${address.slice(at)}`;
}

/**
 * The one way an SMS or a mail leaves the server (decision 050): `permit` counts the messages
 * against every budget and throws TooManyAttemptsError (HTTP 429) when one is spent; `sendSms`
 * and `sendMail` take that permit, and send to its recipient only, as many messages as it allows.
 * Counters live in the limiter's store (Redis with REDIS_URL), so the budgets hold across API nodes.
 */
export function createPaidMessages(deps: {
  sms: SmsAdapter;
  mail: MailAdapter;
  limiter: RateLimiter;
  now: () => number;
}) {
  const issued = new WeakMap<MessagePermit, { left: number }>();

  function checks(kind: PaidMessageKind, to: string, sender: MessageSender) {
    const budgets = MESSAGE_BUDGETS[kind];
    const subjects: [keyof typeof budgets, string | null][] = [
      ['to', recipientKey(kind, to)],
      ['account', sender.customerId === null ? null : String(sender.customerId)],
      ['ip', sender.ip],
      ['service', 'all'],
    ];
    return subjects.flatMap(([name, value]) => {
      if (value === null) return [];
      const budget = budgets[name];
      const rules: [string, RateLimitRule][] = [
        ['hour', { max: budget.hour, windowMs: HOUR }],
        ['day', { max: budget.day, windowMs: DAY }],
      ];
      return rules.map(([window, rule]) => ({ key: `paid-${kind}:${name}:${value}:${window}`, rule }));
    });
  }

  function take(permit: MessagePermit, kind: PaidMessageKind) {
    const state = issued.get(permit);
    if (!state || permit.kind !== kind) throw new Error(`a ${kind} needs a ${kind} permit of the message budget`);
    if (state.left <= 0) throw new Error(`the ${kind} permit for ${permit.to} is used up`);
    state.left -= 1;
  }

  return {
    /**
     * Counts `count` messages of `kind` to `to` for `sender` against every budget, then gives the
     * permit to send them. Every budget is counted even when an earlier one refuses, so one key
     * cannot be kept low by tripping another (as countAttempts does).
     */
    async permit(kind: PaidMessageKind, to: string, sender: MessageSender, count = 1): Promise<MessagePermit> {
      let refusedUntil = 0;
      for (const { key, rule } of checks(kind, to, sender)) {
        for (let i = 0; i < count; i += 1) {
          const verdict = await deps.limiter.hit(key, rule);
          if (!verdict.allowed) refusedUntil = Math.max(refusedUntil, verdict.resetAt);
        }
      }
      if (refusedUntil > 0) throw new TooManyAttemptsError((refusedUntil - deps.now()) / 1000);
      const permit: MessagePermit = Object.freeze({ kind, to, count });
      issued.set(permit, { left: count });
      return permit;
    },

    async sendSms(permit: MessagePermit, message: PaidSms): Promise<void> {
      take(permit, 'sms');
      await deps.sms.send({ ...message, to: permit.to });
    },

    async sendMail(permit: MessagePermit, message: PaidMail): Promise<void> {
      take(permit, 'mail');
      await deps.mail.send({ ...message, to: permit.to });
    },
  };
}
export type PaidMessages = ReturnType<typeof createPaidMessages>;

/** The budgeted senders over the configured SMS gateway and mail transport (or the local outbox). */
export function createConfiguredPaidMessages(opts: {
  config: { smsGatewayUrl: string | null; smtpUrl: string | null; mailFrom: string; dataDir: string };
  limiter: RateLimiter;
  now: () => number;
}): PaidMessages {
  return createPaidMessages({
    sms: createSmsAdapter(opts.config),
    mail: createMailAdapter(opts.config),
    limiter: opts.limiter,
    now: opts.now,
  });
}
