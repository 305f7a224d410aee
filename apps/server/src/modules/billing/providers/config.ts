import { z } from 'zod';
import { creditCardConfig, creditCardEnv, type CreditCardConfig } from './credit-card/config';
import { directPassConfig, directPassEnv, type DirectPassConfig } from './direct-pass/config';
import { paypalConfig, paypalEnv, type PaypalConfig } from './paypal/config';
import { storesConfig, storesEnv, type StoresConfig } from './stores-config';

/**
 * Settings of every payment provider (decision 025), parsed once with the rest of config.ts.
 * A provider without its settings uses its stand-in under /sandbox/ of this server, unless
 * BILLING_SANDBOX=0 (then it is not offered at all).
 */
export const billingEnv = {
  BILLING_SANDBOX: z.enum(['0', '1']).default('1'),
  /** Run the billing job (renewals, expiry, reconciliation) on this node; default on, off in tests. */
  BILLING_JOB: z.enum(['0', '1']).optional(),
  ...directPassEnv,
  ...paypalEnv,
  ...storesEnv,
  ...creditCardEnv,
};

type BillingEnv = { [K in keyof typeof billingEnv]?: string } & { NODE_ENV?: string };

export interface BillingConfig {
  /** This node runs the billing job every minute (the minute is claimed in the database). */
  runJob: boolean;
  /** Stand-ins mounted under /sandbox (providers without real settings). */
  sandboxes: ('direct-pass' | 'credit-card' | 'paypal')[];
  directPass: DirectPassConfig | null;
  paypal: PaypalConfig | null;
  /** The TV stores (decision 029), with their own stand-ins. */
  stores: StoresConfig;
  creditCard: CreditCardConfig | null;
}

export function billingConfig(e: BillingEnv, publicUrl: string): BillingConfig {
  const sandboxAllowed = e.BILLING_SANDBOX !== '0';
  const directPass = directPassConfig(e, publicUrl, sandboxAllowed);
  const paypal = paypalConfig(e, publicUrl, sandboxAllowed);
  const creditCard = creditCardConfig(e, publicUrl, sandboxAllowed);
  return {
    runJob: (e.BILLING_JOB ?? (e.NODE_ENV === 'test' ? '0' : '1')) === '1',
    sandboxes: [
      ...(directPass?.sandbox ? (['direct-pass'] as const) : []),
      ...(paypal?.sandbox ? (['paypal'] as const) : []),
      ...(creditCard?.sandbox ? (['credit-card'] as const) : []),
    ],
    directPass,
    paypal,
    stores: storesConfig(e, publicUrl),
    creditCard,
  };
}
