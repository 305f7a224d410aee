import type { Customer } from '@playz/api-contract';

/**
 * The five welcome variants (spec 1 §2, spec 3 §2: "a debug query value 1 to 5 forces one of
 * these variants"). The spec lists the blocks but not their numbering; ours follows the order in
 * which the spec names them, then the two cases the blocks leave over:
 *   1 own login: the login is shown;
 *   2 domain mailbox: mailbox login and password, links to change them, webmail;
 *   3 social sign-on: a line naming the provider;
 *   4 subscribed without an account (operator billing): no login, an invitation to register;
 *   5 demo access: the demo campaign's name and how long it lasts.
 */
export const WELCOME_VARIANTS = ['login', 'mailbox', 'social', 'anonymous', 'demo'] as const;
export type WelcomeVariant = (typeof WELCOME_VARIANTS)[number];

export function welcomeVariantOf(
  customer: Pick<Customer, 'logged' | 'login' | 'hasDomainMailbox' | 'demoCampaign' | 'hasValidSubscription'>,
  socialProvider: string | null,
  debug: string | null,
): WelcomeVariant {
  const forced = Number(debug);
  if (Number.isInteger(forced) && forced >= 1 && forced <= WELCOME_VARIANTS.length) {
    return WELCOME_VARIANTS[forced - 1]!;
  }
  if (!customer.logged || customer.login === null) return 'anonymous';
  if (socialProvider) return 'social';
  if (customer.hasDomainMailbox) return 'mailbox';
  if (customer.demoCampaign && !customer.hasValidSubscription) return 'demo';
  return 'login';
}
