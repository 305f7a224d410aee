import { z } from 'zod';

/** Settings of Samsung checkout (spec 3 §3 Samsung items: merchantID, secretKey, serverDpi). */
export const samsungEnv = {
  /** The DPI server (https://checkoutapi.samsungcheckout.com/openapi); unset: the stand-in. */
  SAMSUNG_DPI_URL: z.url({ protocol: /^https?$/ }).optional(),
  SAMSUNG_APP_ID: z.string().min(1).optional(),
  SAMSUNG_SECRET_KEY: z.string().min(8).optional(),
};

export interface SamsungConfig {
  url: string;
  appId: string;
  secretKey: string;
  sandbox: boolean;
}

/** The stand-in's app (apps/provider-sandbox STORE_SANDBOX_SECRETS.samsung). */
export const SAMSUNG_SANDBOX = { appId: '3201600000000', secretKey: 'samsung-checkout-sandbox-secret' };

export function samsungConfig(
  e: { [K in keyof typeof samsungEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): SamsungConfig | null {
  if (e.SAMSUNG_DPI_URL) {
    if (!e.SAMSUNG_APP_ID || !e.SAMSUNG_SECRET_KEY)
      throw new Error('SAMSUNG_DPI_URL needs SAMSUNG_APP_ID and SAMSUNG_SECRET_KEY');
    return {
      url: e.SAMSUNG_DPI_URL.replace(/\/$/, ''),
      appId: e.SAMSUNG_APP_ID,
      secretKey: e.SAMSUNG_SECRET_KEY,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return { url: `${publicUrl}/sandbox/samsung-checkout`, ...SAMSUNG_SANDBOX, sandbox: true };
}
