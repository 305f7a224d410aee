import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { periodEnd, productOf, randomDigits, STORE_SANDBOX_PRODUCTS } from '../store-products';

/**
 * The fields each DPI call signs, in order: CheckValue = base64(HMAC-SHA256(secretKey, the
 * fields' values concatenated)). The server's client (providers/samsung-checkout) uses the same.
 */
export const SAMSUNG_CHECK_FIELDS: Record<string, readonly string[]> = {
  '/invoice/list': ['AppID', 'CustomID', 'CountryCode', 'ItemType', 'PageNumber'],
  '/invoice/verify': ['AppID', 'CustomID', 'InvoiceID'],
  '/invoice/apply': ['AppID', 'CustomID', 'InvoiceID'],
  '/subscription/cancel': ['AppID', 'InvoiceID', 'CustomID'],
  '/cont/list': ['AppID', 'CountryCode'],
  '/country/checkavailability': ['AppID', 'CountryCodes'],
};

export interface SamsungDpiOptions {
  /** AppID → secret key (spec 3 §3 Samsung items: merchantID, secretKey, serverDpi). */
  apps: Record<string, string>;
}

interface Invoice {
  InvoiceID: string;
  AppID: string;
  CustomID: string;
  CountryCode: string;
  ItemID: string;
  ItemTitle: string;
  ItemType: number;
  Price: number;
  OrderCurrencyID: string;
  OrderTime: string;
  CancelStatus: boolean;
  AppliedStatus: boolean;
  SubscriptionInfo: { SubscriptionID: string; SubsStartTime: string; SubsEndTime: string; SubsStatus: string };
  period: 'week' | 'month';
}

/** Samsung's timestamps: yyyyMMddHHmmss, UTC. */
export const samsungTime = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
const fromSamsungTime = (s: string) =>
  new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}Z`,
  );

/** Countries the stand-in sells in (checkavailability answers IsBillingSupported false elsewhere). */
const BILLING_COUNTRIES = new Set(['FR', 'BE', 'LU', 'CH', 'MC', 'NL', 'ES', 'GB', 'DE', 'US']);

/**
 * A stand-in for Samsung's DPI server (Samsung checkout, spec 3 §7): JSON posts signed with the
 * app's secret key, CPStatus 100000 for success, invoices per CustomID. Test hooks under /_test
 * play the TV's store purchase and the viewer's actions at Samsung.
 */
export async function samsungDpiServer(app: FastifyInstance, options: SamsungDpiOptions) {
  const invoices = new Map<string, Invoice>();
  let forced: { path: string; status: string } | null = null;
  const fail = (CPStatus: string, CPResult: string) => ({ CPStatus, CPResult });
  const ok = <T extends object>(body: T) => ({ CPStatus: '100000', CPResult: 'SUCCESS', ...body });

  /** Checks AppID and CheckValue; answers the failure to send, or null. */
  function refusal(path: string, b: Record<string, unknown>) {
    if (forced?.path === path) {
      const status = forced.status;
      forced = null;
      return fail(status, 'forced by the test hook');
    }
    const secret = options.apps[String(b.AppID)];
    if (!secret) return fail('400124', 'unknown AppID');
    const message = SAMSUNG_CHECK_FIELDS[path]!.map((f) => String(b[f] ?? '')).join('');
    const expected = createHmac('sha256', secret).update(message).digest();
    const given = Buffer.from(String(b.CheckValue ?? ''), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return fail('400111', 'CheckValue mismatch');
    return null;
  }

  const route = (path: string, handle: (b: Record<string, unknown>) => object) =>
    app.post(path, async (request) => {
      const b = (request.body ?? {}) as Record<string, unknown>;
      return refusal(path, b) ?? handle(b);
    });

  const mine = (b: Record<string, unknown>) => {
    const inv = invoices.get(String(b.InvoiceID));
    return inv && inv.CustomID === String(b.CustomID) && inv.AppID === String(b.AppID) ? inv : null;
  };
  const publicInvoice = ({ period: _period, AppID: _app, ...inv }: Invoice) => inv;

  route('/invoice/list', (b) => {
    const list = [...invoices.values()].filter((i) => i.CustomID === String(b.CustomID) && i.AppID === String(b.AppID));
    return ok({ TotalCount: list.length, InvoiceDetails: list.map(publicInvoice) });
  });
  route('/invoice/verify', (b) => {
    const inv = mine(b);
    return inv ? ok({ AppID: inv.AppID, InvoiceID: inv.InvoiceID }) : fail('410419', 'invoice not found');
  });
  route('/invoice/apply', (b) => {
    const inv = mine(b);
    if (!inv) return fail('410419', 'invoice not found');
    inv.AppliedStatus = true;
    return ok({ AppliedTime: samsungTime(new Date()) });
  });
  route('/subscription/cancel', (b) => {
    const inv = mine(b);
    if (!inv) return fail('410419', 'invoice not found');
    if (inv.SubscriptionInfo.SubsStatus !== '00') return fail('410410', 'already cancelled');
    inv.SubscriptionInfo.SubsStatus = '01';
    inv.CancelStatus = true;
    return ok({ InvoiceID: inv.InvoiceID, SubsCancelTime: samsungTime(new Date()), SubsStatus: '01' });
  });
  route('/cont/list', () =>
    ok({
      TotalCount: STORE_SANDBOX_PRODUCTS.length,
      ItemDetails: STORE_SANDBOX_PRODUCTS.map((p) => ({
        ItemID: p.sku,
        ItemTitle: p.title,
        ItemType: 4,
        Price: p.priceCents / 100,
        CurrencyID: 'EUR',
        SubscriptionInfo: { PaymentCycle: p.period === 'week' ? 'Week' : 'Month', PaymentCycleFrq: 1 },
      })),
    }),
  );
  route('/country/checkavailability', (b) =>
    ok({
      Countries: String(b.CountryCodes ?? '')
        .split(',')
        .filter(Boolean)
        .map((c) => ({ CountryCode: c, IsBillingSupported: BILLING_COUNTRIES.has(c.toUpperCase()) })),
    }),
  );

  // --- Test hooks: what the TV and the viewer do at Samsung (not part of the DPI protocol). ---

  /** The TV bought an item for a CustomID: answers the invoice as the device's invoice list shows it. */
  app.post('/_test/purchase', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, string | number | undefined>;
    const product = productOf(String(b.ItemID));
    const appId = String(b.AppID ?? Object.keys(options.apps)[0]);
    if (!product || !options.apps[appId]) return reply.code(422).send({ error: 'unknown ItemID or AppID' });
    const now = new Date();
    const inv: Invoice = {
      InvoiceID: `DP${randomDigits(14)}`,
      AppID: appId,
      CustomID: String(b.CustomID),
      CountryCode: String(b.CountryCode ?? 'FR'),
      ItemID: product.sku,
      ItemTitle: product.title,
      ItemType: 4,
      Price: b.Price === undefined ? product.priceCents / 100 : Number(b.Price),
      OrderCurrencyID: 'EUR',
      OrderTime: samsungTime(now),
      CancelStatus: false,
      AppliedStatus: false,
      SubscriptionInfo: {
        SubscriptionID: `SB${randomDigits(12)}`,
        SubsStartTime: samsungTime(now),
        SubsEndTime: samsungTime(periodEnd(now, product.period)),
        SubsStatus: '00',
      },
      period: product.period,
    };
    invoices.set(inv.InvoiceID, inv);
    return publicInvoice(inv);
  });

  /** The viewer cancelled at Samsung (access until the end date), or the term already ended. */
  app.post('/_test/cancel', async (request, reply) => {
    const b = (request.body ?? {}) as { InvoiceID?: string; ended?: boolean };
    const inv = invoices.get(String(b.InvoiceID));
    if (!inv) return reply.code(404).send({ error: 'not found' });
    inv.CancelStatus = true;
    inv.SubscriptionInfo.SubsStatus = '01';
    if (b.ended) inv.SubscriptionInfo.SubsEndTime = samsungTime(new Date(Date.now() - 1000));
    return publicInvoice(inv);
  });

  /** Samsung renewed the subscription: the end date moves one period. */
  app.post('/_test/renew', async (request, reply) => {
    const inv = invoices.get(String((request.body as { InvoiceID?: string })?.InvoiceID));
    if (!inv) return reply.code(404).send({ error: 'not found' });
    inv.SubscriptionInfo.SubsEndTime = samsungTime(
      periodEnd(fromSamsungTime(inv.SubscriptionInfo.SubsEndTime), inv.period),
    );
    return publicInvoice(inv);
  });

  /** The next call to `path` answers `status` (Samsung's error codes, spec 3 §8). */
  app.post('/_test/next-status', async (request) => {
    const b = request.body as { path: string; status: string };
    forced = { path: b.path, status: b.status };
    return { forced };
  });
}
