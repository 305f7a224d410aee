import { z } from 'zod';
import { directPassConfig, directPassEnv, type DirectPassConfig } from './direct-pass/config';

/**
 * Settings of every payment provider (decision 025), parsed once with the rest of config.ts.
 * A provider without its settings uses its stand-in under /sandbox/ of this server, unless
 * BILLING_SANDBOX=0 (then it is not offered at all).
 */
export const billingEnv = {
  BILLING_SANDBOX: z.enum(['0', '1']).default('1'),
  ...directPassEnv,
};

type BillingEnv = { [K in keyof typeof billingEnv]?: string };

export interface BillingConfig {
  /** Stand-ins mounted under /sandbox (providers without real settings). */
  sandboxes: 'direct-pass'[];
  directPass: DirectPassConfig | null;
}

export function billingConfig(e: BillingEnv, publicUrl: string): BillingConfig {
  const sandboxAllowed = e.BILLING_SANDBOX !== '0';
  const directPass = directPassConfig(e, publicUrl, sandboxAllowed);
  return {
    sandboxes: [...(directPass?.sandbox ? (['direct-pass'] as const) : [])],
    directPass,
  };
}
