import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

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
  summary: 'Customers by e-mail (or part of it), mobile number, customer UID or billing id',
  query: z.object({ q: z.string().trim().min(3).max(200) }),
  response: z.object({ customers: z.array(SupportCustomerSummarySchema) }),
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
