import type { Alert, Consent, Customer, Profile, Purchase, Subscription } from '@playz/api-contract';
import {
  DEFAULT_PARENTAL_THRESHOLD,
  hasFullAccess,
  isSubscriptionValid,
  productAccessOf,
  withdrawalDeadline,
} from '@playz/domain';
import type { AlertRow, CustomerRow, PurchaseRow, SubscriptionRow } from './accounts.repository';
import type { ProfileRow } from './profiles.repository';

interface DemoRow {
  id: number;
  name: string;
  duration_days: number | null;
}

const OPERATOR_NAMES: Record<number, string> = { 1: 'Orange', 2: 'SFR', 3: 'Bouygues Telecom', 4: 'Free' };

export function toSubscription(
  row: Omit<SubscriptionRow, 'first_charge_cents'> & { first_charge_cents?: number | null },
  now: Date = new Date(),
): Subscription {
  const withdrawalUntil = withdrawalDeadline(
    { status: row.status, startedAt: new Date(row.created_at), firstChargeCents: row.first_charge_cents ?? null },
    now,
  );
  return {
    purchaseID: row.id,
    billingType: row.billing_type,
    productID: row.product_id,
    product: row.product,
    productPriceID: row.offer_id,
    price: row.price_cents / 100,
    currency: row.currency,
    // spec 3 §3: lowercase week/month in account data.
    durationUnit: row.duration_unit.toLowerCase() === 'week' ? 'week' : 'month',
    durationCount: row.duration_count,
    freeTrial: row.free_trial_days > 0 ? 1 : 0,
    freeTrialDays: row.free_trial_days,
    subscriber: row.subscriber === 1,
    status: row.status,
    expirationDate: row.expiration_date,
    dateCreation: row.created_at,
    operatorID: row.operator_id,
    operatorName: row.operator_id !== null ? (OPERATOR_NAMES[row.operator_id] ?? null) : null,
    SKU: null,
    withdrawalUntil: withdrawalUntil?.toISOString() ?? null,
  };
}

/** A visitor: not logged, no access, in the viewer's language (spec 1 §3, §6). */
export function visitorCustomer(locale: string, country: string, cuid: string | null): Customer {
  return {
    UID: cuid ?? '',
    storeCustomId: null,
    login: null,
    userName: null,
    locale,
    country,
    logged: false,
    loggedWith: null,
    wasLogged: false,
    wasLoggedWith: null,
    registered: false,
    hasValidSubscription: false,
    hasFullAccess: false,
    productAccess: [],
    demoCampaign: null,
    hasParentalCode: false,
    operator: null,
    creditCard: null,
    requestedUrl: null,
    dateOfBirth: null,
    optin: false,
    gender: null,
    firstName: null,
    lastName: null,
    phoneNumber: null,
    address: null,
    hasDomainMailbox: false,
    subscriptions: [],
    purchases: [],
    profiles: [],
    currentProfileIndex: 0,
    alerts: [],
    consent: null,
    promoCode: null,
  };
}

/** Artwork under DATA_DIR/media is served at /media/ (like channel logos). */
const mediaUrl = (relative: string | null) => (relative ? `/media/${relative}` : null);

export function toProfile(row: ProfileRow): Profile {
  const url = mediaUrl(row.picture_path);
  return {
    UUID: row.uuid,
    userName: row.user_name,
    posterUrl: url,
    previewUrl: url,
    thumbnailUrl: url,
    profilePictureID: row.profile_picture_id,
    isKids: row.is_kids === 1,
  };
}

/** LiveEvent alerts default to 15 minutes before the event, off. */
export const DEFAULT_LIVE_EVENT_DELTA_MINUTES = 15;

/** Both alert types, always; the Newsletter alert is on exactly when the customer opted in. */
export function toAlerts(rows: AlertRow[], optin: boolean): Alert[] {
  const live = rows.find((r) => r.alert_type === 'LiveEvent');
  const newsletter = rows.find((r) => r.alert_type === 'Newsletter');
  return [
    {
      alertType: 'LiveEvent',
      deltaTime: live?.delta_time ?? DEFAULT_LIVE_EVENT_DELTA_MINUTES,
      enabled: live?.enabled === 1,
    },
    { alertType: 'Newsletter', deltaTime: newsletter?.delta_time ?? 0, enabled: optin },
  ];
}

export function toConsent(row: Pick<CustomerRow, 'consent_cookie_type_ids' | 'consent_updated_at'>): Consent | null {
  if (row.consent_cookie_type_ids === null || row.consent_updated_at === null) return null;
  return {
    acceptedCookieTypeIds: JSON.parse(row.consent_cookie_type_ids) as number[],
    updatedAt: row.consent_updated_at,
  };
}

/** spec 3 §3 Purchase with its PurchaseContent. */
export function toPurchase(row: PurchaseRow): Purchase {
  return {
    purchaseID: row.id,
    billingType: row.billing_type,
    productPriceID: row.offer_id,
    price: row.price_cents / 100,
    currency: row.currency,
    status: row.status,
    units: row.units,
    expirationDate: row.end_date,
    purchaseContent: {
      ticketNumber: row.ticket_number,
      contentType: row.content_type as Purchase['purchaseContent']['contentType'],
      contentTypeID: row.content_type_id,
      label: row.label,
      status: row.status,
      startDate: row.start_date,
      endDate: row.end_date,
    },
  };
}

/** The card a card billing registered, as the processor masked it (migration 019). */
export interface CardRow {
  brand: string | null;
  last4: string;
  expiry_month: number | null;
  expiry_year: number | null;
}

export interface CustomerExtras {
  purchases?: PurchaseRow[];
  /** The latest card billing's card, if one registered a card (decision 058 addendum). */
  card?: CardRow | null;
  /** The page the latest billing started from (decision 058 addendum). */
  requestedUrl?: string | null;
  profiles: ProfileRow[];
  currentProfileId: number | null;
  alerts: AlertRow[];
}

/**
 * spec 1 §3 Customer operator: the latest subscription billed through a mobile operator names it
 * (subscriptions come oldest first); none without one (decision 058).
 */
export function operatorOf(subscriptions: readonly Subscription[]): Customer['operator'] {
  const billed = subscriptions.findLast((s) => s.operatorID !== null);
  return billed ? { operatorID: billed.operatorID!, name: billed.operatorName } : null;
}

/**
 * spec 1 §3 Customer creditCard, masked: only the last four digits are kept and shown, with the
 * brand and expiry the processor gave (decision 058 addendum); none without a card billing.
 */
export function creditCardOf(card: CardRow | null | undefined): Customer['creditCard'] {
  if (!card) return null;
  return {
    brand: card.brand,
    maskedNumber: `•••• •••• •••• ${card.last4}`,
    expiryMonth: card.expiry_month,
    expiryYear: card.expiry_year,
  };
}

/** The Customer entity of spec 1 §3 for a logged account; access decided by domain rules. */
export function toCustomer(
  row: CustomerRow,
  subscriptionRows: SubscriptionRow[],
  demo: DemoRow | null,
  now: Date,
  extras: CustomerExtras = { profiles: [], currentProfileId: null, alerts: [] },
): Customer {
  const currentIndex = extras.profiles.findIndex((p) => p.id === extras.currentProfileId);
  const subscriptions = subscriptionRows.map((r) => toSubscription(r, now));
  const demoAccess = demo ? { expiresAt: row.demo_expires_at } : null;
  return {
    UID: row.uid,
    // What the Samsung and BAchat providers verify receipts with (decision 029).
    storeCustomId: String(row.id),
    login: row.login,
    userName: row.user_name,
    locale: row.locale,
    country: row.country,
    logged: true,
    loggedWith: row.logged_with,
    wasLogged: true,
    wasLoggedWith: row.logged_with,
    registered: true,
    hasValidSubscription: subscriptions.some((s) => isSubscriptionValid(s, now)),
    hasFullAccess: hasFullAccess(demoAccess, now),
    productAccess: productAccessOf(subscriptions, demoAccess, now),
    demoCampaign: demo
      ? { id: demo.id, name: demo.name, durationDays: demo.duration_days, expirationDate: row.demo_expires_at }
      : null,
    hasParentalCode: row.parental_code_hash !== null,
    parentalThreshold: row.parental_threshold ?? DEFAULT_PARENTAL_THRESHOLD,
    operator: operatorOf(subscriptions),
    creditCard: creditCardOf(extras.card),
    requestedUrl: extras.requestedUrl ?? null,
    dateOfBirth: row.date_of_birth ?? null,
    optin: row.optin === 1,
    gender: row.gender,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    address: row.address,
    hasDomainMailbox: row.has_domain_mailbox === 1,
    subscriptions,
    purchases: (extras.purchases ?? []).map(toPurchase),
    profiles: extras.profiles.map(toProfile),
    currentProfileIndex: Math.max(0, currentIndex),
    alerts: toAlerts(extras.alerts, row.optin === 1),
    consent: toConsent(row),
    promoCode:
      row.promo_code !== null && row.promo_redeemed_at !== null
        ? { code: row.promo_code, redeemedAt: row.promo_redeemed_at }
        : null,
  };
}
