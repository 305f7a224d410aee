import { z } from 'zod';

/** Settings of PayPal (REST API: OAuth2 client credentials, Orders v2, Subscriptions v1; decision 027). */
export const paypalEnv = {
  /** Base URL of PayPal's REST API (https://api-m.paypal.com); unset: the stand-in under /sandbox/paypal. */
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  /** The id PayPal gave the webhook listening on /billing/callbacks/paypal (signature check). */
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
};

export interface PaypalConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The stand-in runs inside this server (no PAYPAL_API_URL). */
  sandbox: boolean;
}

/** Credentials the stand-in accepts (apps/provider-sandbox PAYMENT_SANDBOX_MERCHANTS.paypal). */
export const PAYPAL_SANDBOX = {
  clientId: 'playz-sandbox-client',
  clientSecret: 'paypal-sandbox-secret',
  webhookId: 'WH-PLAYZ-SANDBOX',
};

export function paypalConfig(
  e: { [K in keyof typeof paypalEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): PaypalConfig | null {
  if (e.PAYPAL_API_URL) {
    if (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET || !e.PAYPAL_WEBHOOK_ID)
      throw new Error('PAYPAL_API_URL needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID');
    return {
      url: e.PAYPAL_API_URL.replace(/\/$/, ''),
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return { url: `${publicUrl}/sandbox/paypal`, ...PAYPAL_SANDBOX, sandbox: true };
}
