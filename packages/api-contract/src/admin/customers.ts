import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { keysetQuery, NextCursorSchema } from './keyset-page';

const SupportCustomerSummarySchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  login: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
});
export type SupportCustomerSummary = z.infer<typeof SupportCustomerSummarySchema>;

const SupportCustomerCardSchema = SupportCustomerSummarySchema.extend({
  locale: z.string(),
  country: z.string(),
  loggedWith: z.string().nullable(),
  profiles: z.array(z.object({ id: z.number().int(), name: z.string(), kids: z.boolean() })),
  devices: z.array(
    z.object({
      id: z.number().int(),
      platform: z.string(),
      vendor: z.string().nullable(),
      model: z.string().nullable(),
      lastSeenAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      ref: z.string(),
      platform: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      deviceId: z.number().int().nullable(),
    }),
  ),
});
export type SupportCustomerCard = z.infer<typeof SupportCustomerCardSchema>;

const SupportMoneySchema = z.object({
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      offer: z.string(),
      billingType: z.string(),
      status: z.string(),
      createdAt: z.string(),
      expirationDate: z.string(),
      cancelledAt: z.string().nullable(),
      priceCents: z.number().int().nullable(),
      currency: z.string().nullable(),
    }),
  ),
  purchases: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      billingType: z.string(),
      status: z.string(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      priceCents: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
    }),
  ),
  /**
   * Payments that moved money: billings, and renewal charges (`renewal-<ledger line>`, kind
   * `Renewal`, decision 109); `refund` says whether the console can refund one.
   */
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      billingType: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      paidAt: z.string().nullable(),
      label: z.string(),
      /** What is left to refund (0 once refunded). */
      refundableCents: z.number().int(),
      /** `provider`: the console refunds it; `elsewhere`: the store or operator refunds it itself. */
      refund: z.enum(['provider', 'elsewhere', 'done']),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      entry: z.string(),
      billingType: z.string(),
      billingId: z.string().nullable(),
      amountCents: z.number().int(),
      currency: z.string(),
      detail: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type SupportMoney = z.infer<typeof SupportMoneySchema>;

export const findCustomers = defineAdminEndpoint({
  method: 'GET',
  path: '/customers',
  access: 'staff',
  roles: ['support', 'finance'],
  summary:
    'Customers by e-mail (or its beginning, decision 100), mobile number, customer UID or billing id; without q, the newest accounts; newest first, a page at a time (decision 110)',
  query: z.object({ q: z.string().trim().min(3).max(200).optional(), ...keysetQuery(20) }),
  response: z.object({ customers: z.array(SupportCustomerSummarySchema), next: NextCursorSchema }),
});

export const getCustomer = defineAdminEndpoint({
  method: 'GET',
  path: '/customers/:id',
  access: 'staff',
  roles: ['support', 'finance'],
  summary: 'One customer: account, profiles, devices, open sessions, subscriptions, purchases, ledger',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ customer: SupportCustomerCardSchema, money: SupportMoneySchema }),
});

export const endCustomerSessions = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/sessions/end',
  access: 'staff',
  roles: ['support'],
  summary: 'Signs the customer out of every device (a stolen phone, a shared password)',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ ended: z.number().int() }),
});

const CustomerParams = z.object({ id: z.coerce.number().int().positive() });
/** One console request, so a double click or a retried call is applied once (decision 084). */
const IdempotencyKey = z.string().trim().min(8).max(80);

export const endCustomerSession = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/sessions/:ref/end',
  access: 'staff',
  roles: ['support'],
  summary: 'Stops one of the customer’s sessions (a lost or sold device), by its reference',
  params: CustomerParams.extend({ ref: z.string().regex(/^[0-9a-f]{12}$/) }),
  response: z.object({ ended: z.boolean() }),
});

const SupportMessagesSchema = z.object({
  alerts: z.array(z.object({ key: z.string(), sentAt: z.string(), mailDue: z.boolean() })),
  /** Mails as the local outbox kept them; null when mail leaves by SMTP, which keeps no copy here. */
  mails: z.array(z.object({ sentAt: z.string(), subject: z.string() })).nullable(),
});
export type SupportMessages = z.infer<typeof SupportMessagesSchema>;

export const getCustomerMessages = defineAdminEndpoint({
  method: 'GET',
  path: '/customers/:id/messages',
  access: 'staff',
  roles: ['support'],
  summary: 'The alerts and mails sent to the customer',
  params: CustomerParams,
  response: SupportMessagesSchema,
});

export const unlockCustomer = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/unlock',
  access: 'staff',
  roles: ['support'],
  summary: 'Lifts the refusals wrong passwords and codes put on the account (sign-in, parental code, reset mails)',
  params: CustomerParams,
  response: z.object({ unlocked: z.literal(true) }),
});

export const resendCustomerMail = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/mails/resend',
  access: 'staff',
  roles: ['support'],
  summary: 'Sends the customer a new password-reset link',
  params: CustomerParams,
  body: z.object({ kind: z.enum(['password-reset']) }),
  response: z.object({ sent: z.literal(true) }),
});

export const grantGoodwill = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/goodwill',
  access: 'staff',
  roles: ['support'],
  summary: 'Adds goodwill days to a subscription’s end of access, once per request key',
  params: CustomerParams,
  body: z.object({
    subscriptionId: z.number().int().positive(),
    days: z.number().int().min(1).max(90),
    key: IdempotencyKey,
  }),
  response: z.object({ expirationDate: z.string(), repeated: z.boolean() }),
});

export const refundPayment = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/refunds',
  access: 'staff',
  roles: ['support', 'finance'],
  summary:
    'Refunds a payment (a billing or a renewal charge), whole or in part, through its provider, once per request and never beyond what was paid',
  params: CustomerParams,
  body: z.object({
    /** The payment: a billing's id, or `renewal-<ledger line>` for a renewal charge (decision 109). */
    billingId: z.string().trim().min(8).max(64),
    /** Cents to give back, at most what is left of the payment; the whole of it when absent. */
    amountCents: z.number().int().min(1).max(100_000_000).optional(),
    key: IdempotencyKey,
  }),
  response: z.object({ refundedCents: z.number().int(), currency: z.string(), repeated: z.boolean() }),
});

export const exportCustomer = defineAdminEndpoint({
  method: 'GET',
  path: '/customers/:id/export',
  access: 'staff',
  roles: ['support'],
  summary: 'Everything Playz keeps of the customer, as one JSON document (GDPR articles 15 and 20)',
  params: CustomerParams,
  response: z.object({ export: z.record(z.string(), z.unknown()) }),
});

export const deleteCustomer = defineAdminEndpoint({
  method: 'POST',
  path: '/customers/:id/delete',
  access: 'staff',
  roles: ['support'],
  summary: 'Deletes the account on the customer’s request (GDPR article 17); the ledger keeps its lines',
  params: CustomerParams,
  response: z.object({ deleted: z.literal(true), keptForAccounting: z.boolean() }),
});
