import { z } from 'zod';

/** Settings of BAchat, the BBox purchase service (Android TV BBox, spec 3 §4 BAchat). */
export const bachatEnv = {
  /** The BAchat merchant API; unset: the stand-in. */
  BACHAT_URL: z.url({ protocol: /^https?$/ }).optional(),
  BACHAT_MERCHANT_ID: z.string().min(1).optional(),
  BACHAT_SECRET: z.string().min(8).optional(),
};

export interface BachatConfig {
  url: string;
  merchantId: string;
  secret: string;
  sandbox: boolean;
}

/** The stand-in's merchant (apps/provider-sandbox STORE_SANDBOX_SECRETS.bachat). */
export const BACHAT_SANDBOX = { merchantId: 'playz', secret: 'bachat-sandbox-secret' };

export function bachatConfig(
  e: { [K in keyof typeof bachatEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): BachatConfig | null {
  if (e.BACHAT_URL) {
    if (!e.BACHAT_MERCHANT_ID || !e.BACHAT_SECRET)
      throw new Error('BACHAT_URL needs BACHAT_MERCHANT_ID and BACHAT_SECRET');
    return {
      url: e.BACHAT_URL.replace(/\/$/, ''),
      merchantId: e.BACHAT_MERCHANT_ID,
      secret: e.BACHAT_SECRET,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return { url: `${publicUrl}/sandbox/bachat`, ...BACHAT_SANDBOX, sandbox: true };
}
