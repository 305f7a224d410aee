import { createHmac } from 'node:crypto';
import type { SamsungConfig } from './config';
import { SAMSUNG_OK } from './samsung-status';

/**
 * The fields each DPI call signs, in this order (Samsung checkout DPI API): CheckValue =
 * base64(HMAC-SHA256(secretKey, the values concatenated)).
 */
const CHECK_FIELDS = {
  '/invoice/list': ['AppID', 'CustomID', 'CountryCode', 'ItemType', 'PageNumber'],
  '/invoice/verify': ['AppID', 'CustomID', 'InvoiceID'],
  '/invoice/apply': ['AppID', 'CustomID', 'InvoiceID'],
  '/subscription/cancel': ['AppID', 'InvoiceID', 'CustomID'],
  '/cont/list': ['AppID', 'CountryCode'],
  '/country/checkavailability': ['AppID', 'CountryCodes'],
} as const;
type DpiPath = keyof typeof CHECK_FIELDS;

export interface SamsungInvoice {
  InvoiceID: string;
  CustomID: string;
  ItemID: string;
  ItemType: number;
  Price: number;
  OrderCurrencyID: string;
  CancelStatus: boolean;
  AppliedStatus: boolean;
  SubscriptionInfo?: { SubscriptionID: string; SubsStartTime: string; SubsEndTime: string; SubsStatus: string };
}

/** An item of the DPI product list (`/cont/list`). */
export interface SamsungProduct {
  ItemID: string;
  ItemTitle: string;
  ItemType: number;
  Price: number;
  CurrencyID: string;
}

/** A DPI answer whose CPStatus is not 100000. */
export class SamsungDpiError extends Error {
  constructor(
    readonly code: string,
    readonly path: string,
  ) {
    super(`Samsung DPI ${path} answered ${code}`);
  }
}

/** Samsung's yyyyMMddHHmmss (UTC) as a Date. */
export const fromSamsungTime = (s: string) =>
  new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}Z`,
  );

/** Samsung checkout's DPI server (spec 3 §7): signed JSON posts, CPStatus 100000 is success. */
export function createSamsungDpiClient(config: SamsungConfig) {
  async function call<T>(path: DpiPath, fields: Record<string, string>): Promise<T & { CPStatus: string }> {
    const body: Record<string, string> = { AppID: config.appId, ...fields };
    const message = CHECK_FIELDS[path].map((f) => body[f] ?? '').join('');
    body.CheckValue = createHmac('sha256', config.secretKey).update(message).digest('base64');
    const response = await fetch(`${config.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Samsung DPI ${path} answered HTTP ${response.status}`);
    const answer = (await response.json()) as T & { CPStatus: string };
    if (String(answer.CPStatus) !== SAMSUNG_OK) throw new SamsungDpiError(String(answer.CPStatus), path);
    return answer;
  }
  return {
    /** The customer's invoices (CustomID is our customer id, given to the TV's checkout). */
    async invoices(customId: string, country: string): Promise<SamsungInvoice[]> {
      const answer = await call<{ InvoiceDetails?: SamsungInvoice[] }>('/invoice/list', {
        CustomID: customId,
        CountryCode: country,
        // 2: every item type; page 1 (spec 3 §9 invoice page 1).
        ItemType: '2',
        PageNumber: '1',
      });
      return answer.InvoiceDetails ?? [];
    },
    verify: (customId: string, invoiceId: string) =>
      call('/invoice/verify', { CustomID: customId, InvoiceID: invoiceId }),
    apply: (customId: string, invoiceId: string) =>
      call('/invoice/apply', { CustomID: customId, InvoiceID: invoiceId }),
    cancel: (customId: string, invoiceId: string) =>
      call('/subscription/cancel', { InvoiceID: invoiceId, CustomID: customId }),
    /** The items the app sells in the country (spec 3 §9: page size 100, page 1). */
    async products(country: string): Promise<SamsungProduct[]> {
      const answer = await call<{ ItemDetails?: SamsungProduct[] }>('/cont/list', {
        CountryCode: country,
        PageSize: '100',
        PageNumber: '1',
      });
      return answer.ItemDetails ?? [];
    },
    async isBillingSupported(country: string): Promise<boolean> {
      const answer = await call<{ Countries?: { CountryCode: string; IsBillingSupported: boolean }[] }>(
        '/country/checkavailability',
        { CountryCodes: country },
      );
      return answer.Countries?.some((c) => c.CountryCode === country && c.IsBillingSupported) ?? false;
    },
  };
}
export type SamsungDpiClient = ReturnType<typeof createSamsungDpiClient>;
