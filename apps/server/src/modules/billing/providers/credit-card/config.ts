import { z } from 'zod';

/** Settings of the card processor (Lyra hosted payment page and REST API, decision 026). */
export const creditCardEnv = {
  /** The hosted payment page the browser posts the form to; unset: the stand-in under /sandbox/credit-card. */
  CARD_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Base URL of the REST API (server to server: renewals, status, refunds). */
  CARD_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The shop id (vads_site_id, and the user of the REST API's Basic auth). */
  CARD_SITE_ID: z
    .string()
    .regex(/^\d{8}$/)
    .optional(),
  /** The shop's signature key of the form and the IPN (TEST or PRODUCTION key, with CARD_MODE). */
  CARD_KEY: z.string().min(16).optional(),
  /** The REST API password (Basic auth). */
  CARD_API_PASSWORD: z.string().min(8).optional(),
  /** vads_ctx_mode: TEST until the shop is switched to production at the processor. */
  CARD_MODE: z.enum(['TEST', 'PRODUCTION']).optional(),
};

export interface CreditCardConfig {
  gatewayUrl: string;
  apiUrl: string;
  siteId: string;
  key: string;
  apiPassword: string;
  mode: 'TEST' | 'PRODUCTION';
  /** The stand-in runs inside this server (no CARD_GATEWAY_URL). */
  sandbox: boolean;
}

/** The shop the stand-in knows (apps/provider-sandbox PAYMENT_SANDBOX_MERCHANTS.creditCard). */
export const CREDIT_CARD_SANDBOX = {
  siteId: '12345678',
  key: 'credit-card-sandbox-key',
  apiPassword: 'testpassword_credit-card-sandbox',
};

export function creditCardConfig(
  e: { [K in keyof typeof creditCardEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): CreditCardConfig | null {
  if (e.CARD_GATEWAY_URL) {
    if (!e.CARD_API_URL || !e.CARD_SITE_ID || !e.CARD_KEY || !e.CARD_API_PASSWORD)
      throw new Error('CARD_GATEWAY_URL needs CARD_API_URL, CARD_SITE_ID, CARD_KEY and CARD_API_PASSWORD');
    return {
      gatewayUrl: e.CARD_GATEWAY_URL,
      apiUrl: e.CARD_API_URL.replace(/\/$/, ''),
      siteId: e.CARD_SITE_ID,
      key: e.CARD_KEY,
      apiPassword: e.CARD_API_PASSWORD,
      mode: e.CARD_MODE === 'PRODUCTION' ? 'PRODUCTION' : 'TEST',
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  const base = `${publicUrl}/sandbox/credit-card`;
  return {
    gatewayUrl: `${base}/vads-payment/`,
    apiUrl: `${base}/api-payment/V4`,
    ...CREDIT_CARD_SANDBOX,
    mode: 'TEST',
    sandbox: true,
  };
}
