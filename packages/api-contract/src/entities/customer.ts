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
  /**
   * Until when POST /billing/cancel withdraws with a refund (spec 3 §1, 14 days; decision 083):
   * a first term that was paid (not a free first period), still renewing, within 14 days of its
   * start; null otherwise, when cancelling is the ordinary unsubscribe. The server always sends it.
   */
  withdrawalUntil: z.string().nullable().optional(),
});

/** spec 3 §3 Purchase: one content, list or live event bought, with its PurchaseContent. */
export const purchaseSchema = z.object({
  purchaseID: z.number().int(),
  billingType: z.string(),
  productPriceID: z.number().int(),
  price: z.number(),
  currency: z.string(),
  status: z.string(),
  units: z.number().int(),
  /** When access ends (the purchaseContent's end date), null when it does not. */
  expirationDate: z.string().nullable(),
  purchaseContent: z.object({
    ticketNumber: z.string(),
    contentType: z.enum(['ContentList', 'Content', 'LiveEvent']),
    contentTypeID: z.number().int(),
    label: z.string(),
    status: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
});

export const demoCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  durationDays: z.number().int().nullable(),
  expirationDate: z.string().nullable(),
});

/** spec 1 §3 Profile, plus the picture it uses and the kids flag (decision 009, beyond the spec). */
export const profileSchema = z.object({
  UUID: z.string(),
  userName: z.string(),
  posterUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  profilePictureID: z.number().int().nullable(),
  /** A kids profile: leaving it for another profile asks for the parental code when one is set. */
  isKids: z.boolean(),
});

/** spec 1 §3 Profile picture: ID, Name, urls (one per size the profile shows). */
export const profilePictureSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  urls: z.object({ poster: z.string(), preview: z.string(), thumbnail: z.string() }),
});

export const ALERT_TYPES = ['LiveEvent', 'Newsletter'] as const;

/**
 * spec 1 §3 Alert. deltaTime is in minutes (LiveEvent: how long before the event starts).
 * The Newsletter alert's `enabled` is the customer's `optin`: one truth for both.
 */
export const alertSchema = z.object({
  alertType: z.enum(ALERT_TYPES),
  deltaTime: z.number().int(),
  enabled: z.boolean(),
});

/** Cookie choices stored on the account so they follow the customer (spec 3 §4, decision 015). */
export const consentSchema = z.object({
  acceptedCookieTypeIds: z.array(z.number().int()),
  updatedAt: z.string(),
});

/** spec 1 §3 Device identity, as the customer sees it in active devices. */
export const deviceSchema = z.object({
  ID: z.string(),
  platform: z.string(),
  type: z.string().nullable(),
  udid: z.string().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  mac: z.string().nullable(),
  systemName: z.string().nullable(),
  systemVersion: z.string().nullable(),
  appVersion: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this call comes from. */
  isCurrent: z.boolean(),
});

/** The promo code redeemed at registration (spec 1 §2, decision 019): what it opened is `demoCampaign`. */
export const redeemedPromoCodeSchema = z.object({
  code: z.string(),
  redeemedAt: z.string(),
});

/**
 * spec 1 §3 Customer. The stored parental code is never sent: `hasParentalCode` says whether one
 * is set and the server compares codes (docs/decisions/003-customer-secrets-stay-on-server.md).
 */
export const customerSchema = z.object({
  UID: z.string(),
  /**
   * Beyond the spec: the id the TV stores know this account by (Samsung checkout's CustomID,
   * BAchat's customer reference; decision 029), which the server verifies receipts with. null for
   * visitors; absent from older servers.
   */
  storeCustomId: z.string().nullable().optional(),
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
  /**
   * Beyond the spec (decision 059): the lowest rating, as an age (10, 12, 16, 18), whose playing
   * asks for the parental code when one is set; 16 until the account chooses.
   */
  parentalThreshold: z.number().int().optional(),
  /**
   * spec 1 §3 Customer operator (with operatorID): the mobile operator of the customer's latest
   * subscription billed through one (direct pass), null without one (decision 058). The server
   * always sends it.
   */
  operator: z.object({ operatorID: z.number().int(), name: z.string().nullable() }).nullable().optional(),
  /**
   * spec 1 §3 Customer creditCard, masked (decision 058 addendum): the customer's saved card
   * (decision 083), the one the latest card registration that went through made the card on file,
   * as the processor masked it (brand, last four digits, expiry); null without one (removed, or
   * never registered) and for a visitor. The server always sends it.
   */
  creditCard: z
    .object({
      brand: z.string().nullable(),
      maskedNumber: z.string(),
      expiryMonth: z.number().int().nullable(),
      expiryYear: z.number().int().nullable(),
    })
    .nullable()
    .optional(),
  /**
   * spec 1 §3 Customer requestedUrl (decision 058 addendum): the page of this site the customer's
   * latest billing started from (spec 3 §2 requested_url), while it is under way or went through,
   * so the welcome page opens it; null otherwise. The server always sends it.
   */
  requestedUrl: z.string().nullable().optional(),
  /**
   * spec 1 §3 Customer dateOfBirth (decision 058 addendum): YYYY-MM-DD as the customer gave it in
   * their account, null until then. The server always sends it.
   */
  dateOfBirth: z.string().nullable().optional(),
  optin: z.boolean(),
  gender: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  hasDomainMailbox: z.boolean(),
  subscriptions: z.array(subscriptionSchema),
  /** Single purchases (spec 3 §3 Purchase), newest first. */
  purchases: z.array(purchaseSchema),
  profiles: z.array(profileSchema),
  /** Index in `profiles` of the profile this session uses (0 for visitors). */
  currentProfileIndex: z.number().int(),
  /** Both alert types, always listed (defaults when never set). Empty for visitors. */
  alerts: z.array(alertSchema),
  /** null until the customer makes a cookie choice while logged in. */
  consent: consentSchema.nullable(),
  /** null when no promo code was given at registration (and for visitors). */
  promoCode: redeemedPromoCodeSchema.nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;
export type Purchase = z.infer<typeof purchaseSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type ProfilePicture = z.infer<typeof profilePictureSchema>;
export type Alert = z.infer<typeof alertSchema>;
export type AlertType = (typeof ALERT_TYPES)[number];
export type Consent = z.infer<typeof consentSchema>;
export type Device = z.infer<typeof deviceSchema>;
export type RedeemedPromoCode = z.infer<typeof redeemedPromoCodeSchema>;
