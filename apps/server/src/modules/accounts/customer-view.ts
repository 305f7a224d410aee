import type { Customer, Subscription } from '@playz/api-contract';
import { hasFullAccess, isSubscriptionValid, productAccessOf } from '@playz/domain';
import type { CustomerRow, SubscriptionRow } from './accounts.repository';

interface DemoRow {
  id: number;
  name: string;
  duration_days: number | null;
}

const OPERATOR_NAMES: Record<number, string> = { 1: 'Orange', 2: 'SFR', 3: 'Bouygues Telecom', 4: 'Free' };

export function toSubscription(row: SubscriptionRow): Subscription {
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
  };
}

/** A visitor: not logged, no access, in the viewer's language (spec 1 §3, §6). */
export function visitorCustomer(locale: string, country: string, cuid: string | null): Customer {
  return {
    UID: cuid ?? '',
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
    optin: false,
    gender: null,
    firstName: null,
    lastName: null,
    phoneNumber: null,
    hasDomainMailbox: false,
    subscriptions: [],
    profiles: [],
    currentProfileIndex: 0,
  };
}

/** The Customer entity of spec 1 §3 for a logged account; access decided by domain rules. */
export function toCustomer(
  row: CustomerRow,
  subscriptionRows: SubscriptionRow[],
  demo: DemoRow | null,
  now: Date,
): Customer {
  const subscriptions = subscriptionRows.map(toSubscription);
  const demoAccess = demo ? { expiresAt: row.demo_expires_at } : null;
  return {
    UID: row.uid,
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
    optin: row.optin === 1,
    gender: row.gender,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    hasDomainMailbox: row.has_domain_mailbox === 1,
    subscriptions,
    profiles: [],
    currentProfileIndex: 0,
  };
}
