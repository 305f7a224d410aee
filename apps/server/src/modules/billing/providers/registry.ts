import type { BillingType } from '@playz/domain';
import type { PaymentProvider } from './payment-provider';

/** The payment providers by billing type (decision 025): nothing else names a provider. */
export function createProviderRegistry(providers: readonly PaymentProvider[]) {
  const byType = new Map<string, PaymentProvider>(providers.map((p) => [p.billingType, p]));
  const byRoute = new Map<string, PaymentProvider>(providers.map((p) => [p.routeName, p]));
  return {
    get: (billingType: string): PaymentProvider | null => byType.get(billingType) ?? null,
    byRouteName: (name: string): PaymentProvider | null => byRoute.get(name) ?? null,
    all: (): readonly PaymentProvider[] => providers,
    has: (billingType: BillingType) => byType.has(billingType),
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
