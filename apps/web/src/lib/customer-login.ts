import { ssoProviderId, SSO_PROVIDERS, type Customer } from '@playz/api-contract';

/**
 * The social provider a customer signed in with (spec 1 §6 login types), by its display name;
 * null for the product's own login. Customer.loggedWith holds the provider's name (api-contract
 * sso.ts).
 */
export function socialProviderName(customer: Pick<Customer, 'loggedWith'>): string | null {
  const id = customer.loggedWith ? ssoProviderId(customer.loggedWith) : null;
  return id ? (SSO_PROVIDERS.find((provider) => provider.id === id)?.name ?? null) : null;
}

/** "Only accounts with the product's own login may edit login, name or password" (spec 1 §4). */
export function hasOwnLogin(customer: Pick<Customer, 'logged' | 'login' | 'loggedWith'>): boolean {
  return customer.logged && customer.login !== null && socialProviderName(customer) === null;
}

/**
 * The webmail of domain mailboxes (spec 1 §2). The application data carries no webmail address,
 * so it is the conventional host of the service's own mail domain.
 */
export function webmailUrl(siteDomain: string): string {
  return `https://webmail.${siteDomain.replace(/^www\./, '')}`;
}
