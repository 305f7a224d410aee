import { z } from 'zod';
import { CREDIT_CARD_SANDBOX, creditCardConfig, creditCardEnv, type CreditCardConfig } from './credit-card/config';
import { DIRECT_PASS_SANDBOX, directPassConfig, directPassEnv, type DirectPassConfig } from './direct-pass/config';
import { PAYPAL_SANDBOX, paypalConfig, paypalEnv, type PaypalConfig } from './paypal/config';
import { storesConfig, storesEnv, storesStandInSecrets, type StoresConfig } from './stores-config';

/**
 * Settings of every payment provider (decision 025), parsed once with the rest of config.ts.
 * In the demo mode (decision 047) a provider without its settings uses its stand-in under
 * /sandbox/ of this server, unless BILLING_SANDBOX=0; outside it, it is not offered at all.
 */
export const billingEnv = {
  BILLING_SANDBOX: z.enum(['0', '1']).optional(),
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
  /** Some payment goes to a stand-in, Dummy included: the demo mode's payments (decision 047). */
  standIns: boolean;
  /** Stand-ins mounted under /sandbox (providers without real settings). */
  sandboxes: ('direct-pass' | 'credit-card' | 'paypal')[];
  directPass: DirectPassConfig | null;
  paypal: PaypalConfig | null;
  /** The TV stores (decision 029), with their own stand-ins. */
  stores: StoresConfig;
  creditCard: CreditCardConfig | null;
}

/** The keys the stand-ins publish (each provider's *_SANDBOX): refused outside the demo mode. */
export const billingStandInSecrets: string[] = [
  DIRECT_PASS_SANDBOX.secret,
  CREDIT_CARD_SANDBOX.key,
  CREDIT_CARD_SANDBOX.apiPassword,
  PAYPAL_SANDBOX.clientSecret,
  ...storesStandInSecrets,
];

export function billingConfig(e: BillingEnv, publicUrl: string, demo: boolean): BillingConfig {
  const sandboxAllowed = demo && e.BILLING_SANDBOX !== '0';
  const directPass = directPassConfig(e, publicUrl, sandboxAllowed);
  const paypal = paypalConfig(e, publicUrl, sandboxAllowed);
  const creditCard = creditCardConfig(e, publicUrl, sandboxAllowed);
  const stores = storesConfig(e, publicUrl, { demo, sandboxAllowed });
  const sandboxes = [
    ...(directPass?.sandbox ? (['direct-pass'] as const) : []),
    ...(paypal?.sandbox ? (['paypal'] as const) : []),
    ...(creditCard?.sandbox ? (['credit-card'] as const) : []),
  ];
  return {
    standIns: sandboxes.length > 0 || stores.sandboxes.length > 0 || stores.dummy,
    runJob: (e.BILLING_JOB ?? (e.NODE_ENV === 'test' ? '0' : '1')) === '1',
    sandboxes,
    directPass,
    paypal,
    stores,
    creditCard,
  };
}
