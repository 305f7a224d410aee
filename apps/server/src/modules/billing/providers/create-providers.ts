import type { PaymentProvider } from './payment-provider';
import type { BillingConfig } from './config';
import { createCreditCardClient } from './credit-card/client';
import { createCreditCardProvider } from './credit-card/provider';
import { createDirectPassClient } from './direct-pass/client';
import { createDirectPassProvider } from './direct-pass/provider';
import { createPaypalClient } from './paypal/client';
import { createPaypalProvider } from './paypal/provider';
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
  if (config.creditCard) {
    const client = createCreditCardClient(config.creditCard);
    const now = () => new Date();
    providers.push(createCreditCardProvider({ config: config.creditCard, client, publicUrl: deps.publicUrl, now }));
  }
  providers.push(...createStoreProviders(config.stores));
  if (config.paypal) {
    const client = createPaypalClient(config.paypal);
    providers.push(createPaypalProvider({ config: config.paypal, client, publicUrl: deps.publicUrl }));
  }
  return providers;
}
