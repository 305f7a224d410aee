/**
 * What the store stand-ins sell (decision 029): the seed offers' SKUs at their prices (spec 3 §9
 * emulator prices 1.99 weekly, 7.99 monthly). A test may mint a receipt at another price.
 */
export const STORE_SANDBOX_PRODUCTS = [
  { sku: 'playz_monthly', title: 'Playz Mensuel', priceCents: 799, period: 'month' },
  { sku: 'subscription_1_99', title: 'Playz Hebdo', priceCents: 199, period: 'week' },
  { sku: 'playz_replay_monthly', title: 'Playz Replay', priceCents: 499, period: 'month' },
] as const;

export type StoreProduct = (typeof STORE_SANDBOX_PRODUCTS)[number];

export const productOf = (sku: string): StoreProduct | undefined => STORE_SANDBOX_PRODUCTS.find((p) => p.sku === sku);

const DAY_MS = 86_400_000;
/** The end of one period from `start` (a month is 30 days at the stand-ins: they only need to move forward). */
export const periodEnd = (start: Date, period: 'week' | 'month') =>
  new Date(start.getTime() + (period === 'week' ? 7 : 30) * DAY_MS);

export const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * The one-off products the store stand-ins sell (decision 093): the seed's film rental and
 * live-event pass, at their offers' prices. One product per kind of item, consumed once granted,
 * so the same product buys the next film or the next event.
 */
export const STORE_SANDBOX_ONE_OFF_PRODUCTS = [
  { sku: 'playz_rental_48h', title: 'Location 48 h', priceCents: 299 },
  { sku: 'playz_event_pass', title: 'Pass événement', priceCents: 499 },
] as const;

export const oneOffOf = (sku: string) => STORE_SANDBOX_ONE_OFF_PRODUCTS.find((p) => p.sku === sku);
