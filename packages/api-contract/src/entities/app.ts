import { z } from 'zod';

/** spec 1 §3 Publisher. */
export const publisherSchema = z.object({
  name: z.string(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  companyType: z.string(),
  capital: z.string(),
  registerNumber: z.string(),
  vatNumber: z.string(),
  email: z.string(),
  phone: z.string(),
  contact: z.string(),
});

/** spec 1 §3 / spec 3 §3 Cookie type. */
export const cookieTypeSchema = z.object({
  id: z.number().int(),
  type: z.enum(['Functional', 'Analytics', 'Advertising']),
  name: z.string(),
  description: z.string(),
  mandatory: z.boolean(),
  cookies: z.array(
    z.object({ id: z.number().int(), name: z.string(), description: z.string(), expiration: z.number().int() }),
  ),
});

/** spec 3 §3 In-app purchase (offer). */
export const inAppPurchaseSchema = z.object({
  billingType: z.string(),
  type: z.enum(['Subscription', 'Purchase']),
  productID: z.number().int(),
  product: z.string(),
  productPriceID: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  durationUnit: z.enum(['Week', 'Month']),
  durationCount: z.number().int(),
  freeTrial: z.number().int(),
  freeTrialDays: z.number().int(),
  /** The promo is offered now (its dates hold); spec 3 §3 promo fields. */
  hasPromo: z.boolean(),
  promoText: z.string().nullable(),
  promoPrice: z.number().nullable().optional(),
  /** Days the promo price lasts from the subscription's start (null: every term). */
  promoDurationDays: z.number().int().nullable().optional(),
  promoStartDate: z.string().nullable().optional(),
  /** When the promo stops being offered (spec 3 §3 promoExpirationDuration, as a date). */
  promoEndDate: z.string().nullable().optional(),
  /** The store product id (Samsung, Google Play, Amazon, Apple, BAchat). */
  SKU: z.string().nullable().optional(),
  /**
   * Beyond the spec: how many hours a Purchase opens its item for (null: as long as the item is
   * there). Absent on subscriptions. The buy buttons show it beside the price.
   */
  purchaseHours: z.number().int().nullable().optional(),
});

/** spec 1 §3 Application data. */
export const appSchema = z.object({
  name: z.string(),
  siteDomain: z.string(),
  siteUrl: z.string(),
  siteSecureUrl: z.string(),
  withdrawalFormUrl: z.string(),
  storeUrl: z.string(),
  requiredVersion: z.string(),
  locale: z.string(),
  /**
   * spec 1 §3 analytics id: the analytics vendor's property id, which the vendor script started
   * after consent (spec 3 §4) is given; null when the deployment has no vendor (decision 058).
   */
  analyticsId: z.string().nullable(),
  /** spec 1 §3 cast app id: the Google Cast receiver application senders ask for (decision 058). */
  castAppId: z.string().nullable(),
  /**
   * spec 1 §3 crossScreenFlowAdapter: how a screen that cannot pay hands the payment to another
   * one (spec 3 §1 cross screen): `billing-link`, the link code and QR of /customer/billing/link
   * opened on a phone (decision 058).
   */
  crossScreenFlowAdapter: z.enum(['billing-link']),
  publisher: publisherSchema,
  inAppPurchases: z.array(inAppPurchaseSchema),
  singleSignOns: z.array(z.object({ name: z.string(), appID: z.string(), redirectUri: z.string() })),
  storeApplications: z.array(z.object({ platform: z.string(), storeUrl: z.string() })),
  cookieTypes: z.array(cookieTypeSchema),
  isCampaignPageVisible: z.boolean(),
  /**
   * Beyond the spec (decision 047): payments go to local stand-ins (the demo mode), no real money
   * moves; payment screens say so. Absent or false in a real deployment.
   */
  demoPayments: z.boolean().optional(),
});
export type App = z.infer<typeof appSchema>;
export type InAppPurchase = z.infer<typeof inAppPurchaseSchema>;
export type CookieType = z.infer<typeof cookieTypeSchema>;
