import { randomBytes, randomInt } from 'node:crypto';

export interface Money {
  currency_code: string;
  value: string;
}

/** The sandbox buyers the approval page offers (README, Payments). */
export interface SandboxBuyer {
  key: string;
  payerId: string;
  email: string;
  givenName: string;
  surname: string;
  /** Pays at approval, then every renewal is refused (insufficient funds). */
  renewalsFail: boolean;
}

export const SANDBOX_BUYERS: readonly SandboxBuyer[] = [
  {
    key: 'camille',
    payerId: 'QYR5Z8XDVJNXQ',
    email: 'camille.martin@exemple.fr',
    givenName: 'Camille',
    surname: 'Martin',
    renewalsFail: false,
  },
  {
    key: 'lucas',
    payerId: '7E7MGXCWTTKK2',
    email: 'lucas.bernard@exemple.fr',
    givenName: 'Lucas',
    surname: 'Bernard',
    renewalsFail: true,
  },
];

export interface Capture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amountCents: number;
  currency: string;
  customId: string | null;
  refundedCents: number;
  time: string;
}

export interface Order {
  id: string;
  clientId: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id: string | null; custom_id: string | null; description: string | null; amount: Money };
  amountCents: number;
  returnUrl: string;
  cancelUrl: string;
  buyer: SandboxBuyer | null;
  capture: Capture | null;
  createTime: string;
  updateTime: string;
}

export interface BillingCycle {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  total_cycles: number;
  frequency: { interval_unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval_count: number };
  pricing_scheme?: { fixed_price?: Money };
}

export interface Plan {
  id: string;
  productId: string;
  name: string;
  cycles: BillingCycle[];
  createTime: string;
}

export interface SubscriptionTransaction {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amountCents: number;
  currency: string;
  time: string;
  refundedCents: number;
}

export interface Subscription {
  id: string;
  clientId: string;
  planId: string;
  customId: string | null;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED';
  baToken: string;
  returnUrl: string;
  cancelUrl: string;
  buyer: SandboxBuyer | null;
  startTime: string;
  createTime: string;
  updateTime: string;
  /** Cycles completed per plan cycle (same order as the plan's sequence). */
  cyclesCompleted: number[];
  nextBillingTime: string | null;
  lastPayment: { cents: number; currency: string; time: string } | null;
  lastFailedPayment: { cents: number; currency: string; time: string } | null;
  failedPayments: number;
  transactions: SubscriptionTransaction[];
}

export interface WebhookDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** PayPal-looking ids: upper-case alphanumerics (orders, captures, sales, refunds are 17 long). */
export function paypalId(length = 17): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
export const uuid = () => {
  const h = randomBytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Integer cents as PayPal's decimal string, and back (no floating point on money). */
export const centsToValue = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
export function valueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : null;
}

/** The end of `count` cycles of a frequency from a date (months keep the day, clamped). */
export function addFrequency(from: Date, frequency: BillingCycle['frequency']): Date {
  const d = new Date(from.getTime());
  const n = frequency.interval_count;
  if (frequency.interval_unit === 'DAY') return new Date(d.getTime() + n * 86_400_000);
  if (frequency.interval_unit === 'WEEK') return new Date(d.getTime() + n * 7 * 86_400_000);
  const months = frequency.interval_unit === 'YEAR' ? 12 * n : n;
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** What the stand-in keeps, for as long as it runs (PayPal's memory). */
export function createPaypalState() {
  return {
    /** access token → client id and expiry (ms) */
    tokens: new Map<string, { clientId: string; expiresAt: number }>(),
    products: new Map<string, { id: string; name: string; type: string; createTime: string }>(),
    plans: new Map<string, Plan>(),
    orders: new Map<string, Order>(),
    captures: new Map<string, Capture>(),
    subscriptions: new Map<string, Subscription>(),
    byBaToken: new Map<string, string>(),
    /** Sale id → subscription id (subscription payments are v1 sales). */
    sales: new Map<string, string>(),
    /** PayPal-Request-Id answers: a repeated request id gets the first answer again. */
    requests: new Map<string, { status: number; body: unknown }>(),
    /** Test switch: webhooks are not delivered (a merchant that was down), kept in `dropped`. */
    dropWebhooks: false,
    dropped: [] as WebhookDelivery[],
  };
}
export type PaypalState = ReturnType<typeof createPaypalState>;
