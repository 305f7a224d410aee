import type { PaymentProvider } from './payment-provider';
import type { BillingConfig } from './config';
import { createDirectPassClient } from './direct-pass/client';
import { createDirectPassProvider } from './direct-pass/provider';
import { createStoreProviders } from './create-store-providers';

/** The providers this server offers, from their settings (decision 025). */
export function createProviders(config: BillingConfig, deps: { publicUrl: string }): PaymentProvider[] {
  // Signatures carry the wall clock, not the business clock: a test clock set months ahead still
  // talks to a provider that checks skew against its own.
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const providers: PaymentProvider[] = [];
  if (config.directPass) {
    const client = createDirectPassClient(config.directPass, nowSeconds);
    providers.push(createDirectPassProvider({ config: config.directPass, client, publicUrl: deps.publicUrl }));
  }
  providers.push(...createStoreProviders(config.stores));
  return providers;
}
