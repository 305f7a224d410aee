import { z } from 'zod';

/** Settings of the Orange app shop TV billing (operator set-top box, spec 3 §4 Orange flow). */
export const orangeEnv = {
  /** The app shop billing API; unset: the stand-in. */
  ORANGE_APPSHOP_URL: z.url({ protocol: /^https?$/ }).optional(),
  ORANGE_PARTNER_ID: z.string().min(1).optional(),
  ORANGE_PARTNER_KEY: z.string().min(8).optional(),
};

export interface OrangeConfig {
  url: string;
  partnerId: string;
  partnerKey: string;
  sandbox: boolean;
}

/** The stand-in's partner (apps/provider-sandbox STORE_SANDBOX_SECRETS.orange). */
export const ORANGE_SANDBOX = { partnerId: 'playz', partnerKey: 'orange-appshop-sandbox-key' };

export function orangeConfig(
  e: { [K in keyof typeof orangeEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): OrangeConfig | null {
  if (e.ORANGE_APPSHOP_URL) {
    if (!e.ORANGE_PARTNER_ID || !e.ORANGE_PARTNER_KEY)
      throw new Error('ORANGE_APPSHOP_URL needs ORANGE_PARTNER_ID and ORANGE_PARTNER_KEY');
    return {
      url: e.ORANGE_APPSHOP_URL.replace(/\/$/, ''),
      partnerId: e.ORANGE_PARTNER_ID,
      partnerKey: e.ORANGE_PARTNER_KEY,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return { url: `${publicUrl}/sandbox/orange-appshoptv`, ...ORANGE_SANDBOX, sandbox: true };
}
