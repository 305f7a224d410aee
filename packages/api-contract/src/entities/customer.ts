import { z } from 'zod';

/** spec 3 §3 Subscription (the fields the account screens read). */
export const subscriptionSchema = z.object({
  purchaseID: z.number().int(),
  billingType: z.string(),
  productID: z.number().int(),
  product: z.string(),
  productPriceID: z.number().int(),
  price: z.number(),
  currency: z.string(),
  durationUnit: z.enum(['week', 'month']),
  durationCount: z.number().int(),
  freeTrial: z.number().int(),
  freeTrialDays: z.number().int(),
  subscriber: z.boolean(),
  status: z.string(),
  expirationDate: z.string(),
  dateCreation: z.string(),
  operatorID: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  SKU: z.string().nullable(),
});

export const demoCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  durationDays: z.number().int().nullable(),
  expirationDate: z.string().nullable(),
});

export const profileSchema = z.object({
  UUID: z.string(),
  userName: z.string(),
  posterUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});

/**
 * spec 1 §3 Customer. The stored parental code is never sent: `hasParentalCode` says whether one
 * is set and the server compares codes (docs/decisions/003-customer-secrets-stay-on-server.md).
 */
export const customerSchema = z.object({
  UID: z.string(),
  login: z.string().nullable(),
  userName: z.string().nullable(),
  locale: z.string(),
  country: z.string(),
  logged: z.boolean(),
  loggedWith: z.string().nullable(),
  wasLogged: z.boolean(),
  wasLoggedWith: z.string().nullable(),
  registered: z.boolean(),
  hasValidSubscription: z.boolean(),
  hasFullAccess: z.boolean(),
  productAccess: z.array(z.enum(['service', 'replay', 'video'])),
  demoCampaign: demoCampaignSchema.nullable(),
  hasParentalCode: z.boolean(),
  optin: z.boolean(),
  gender: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  hasDomainMailbox: z.boolean(),
  subscriptions: z.array(subscriptionSchema),
  profiles: z.array(profileSchema),
  currentProfileIndex: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;
