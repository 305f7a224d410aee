import type { Subscription } from '@playz/api-contract';

/**
 * What the common parameters read at call time and the app changes while it runs: the
 * interface language, whether the customer is logged and their product (spec 1 §7). Web and TV
 * build their common parameters from it; /data and the log-in hooks keep it up to date.
 */
export const sessionHints: {
  locale: string;
  loggedIn: boolean;
  product: string | undefined;
  /** The profile watching (its UUID): whose subtitle and audio choices the player keeps (decision 069). */
  viewer: string | undefined;
  /** Whether /data has said who is signed in (before, `loggedIn` false means "not known yet"). */
  customerKnown: boolean;
} = {
  locale: 'fr',
  loggedIn: false,
  product: undefined,
  viewer: undefined,
  customerKnown: false,
};

/**
 * The `product` common parameter (spec 1 §7): the product of the first Service subscription, else
 * of the first subscription; none without one.
 */
export function productParamOf(subscriptions: readonly Pick<Subscription, 'product'>[]): string | undefined {
  return (subscriptions.find((s) => s.product === 'Service') ?? subscriptions[0])?.product;
}
