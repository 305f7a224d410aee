import { z } from 'zod';

/** Settings of the operator billing gateway (direct pass, decision 025). */
export const directPassEnv = {
  /** Base URL of the operator billing gateway; unset: the local stand-in under /sandbox/direct-pass. */
  DIRECT_PASS_URL: z.url({ protocol: /^https?$/ }).optional(),
  DIRECT_PASS_MERCHANT_ID: z.string().min(1).optional(),
  /** Shared HMAC secret of requests and notifications. */
  DIRECT_PASS_SECRET: z.string().min(16).optional(),
};

export interface DirectPassConfig {
  url: string;
  merchantId: string;
  secret: string;
  /** The stand-in runs inside this server (no DIRECT_PASS_URL). */
  sandbox: boolean;
}

export const DIRECT_PASS_SANDBOX = { merchantId: 'playz', secret: 'direct-pass-sandbox-secret' };

export function directPassConfig(
  e: { [K in keyof typeof directPassEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): DirectPassConfig | null {
  if (e.DIRECT_PASS_URL) {
    if (!e.DIRECT_PASS_MERCHANT_ID || !e.DIRECT_PASS_SECRET)
      throw new Error('DIRECT_PASS_URL needs DIRECT_PASS_MERCHANT_ID and DIRECT_PASS_SECRET');
    return {
      url: e.DIRECT_PASS_URL.replace(/\/$/, ''),
      merchantId: e.DIRECT_PASS_MERCHANT_ID,
      secret: e.DIRECT_PASS_SECRET,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return { url: `${publicUrl}/sandbox/direct-pass`, ...DIRECT_PASS_SANDBOX, sandbox: true };
}
