/**
 * Test users of the local sign-on providers: two per provider, each with a stable subject (the
 * `sub` claim the server keys accounts on) and the same password, shown on the login form.
 */
export interface SandboxUser {
  sub: string;
  login: string;
  password: string;
  givenName: string;
  familyName: string;
  /** Apple: the person chose "Hide My Email"; Apple gives this private relay address instead. */
  relayEmail?: string;
  /** Facebook: the person declined the e-mail permission; Graph answers /me without it. */
  declinesEmail?: boolean;
}

export const SANDBOX_PASSWORD = 'sandbox';

export const SANDBOX_PROVIDERS = {
  google: { name: 'Google', domain: 'gmail.test' },
  facebook: { name: 'Facebook', domain: 'facebook.test' },
  apple: { name: 'Apple', domain: 'icloud.test' },
} as const;
export type SandboxProviderId = keyof typeof SANDBOX_PROVIDERS;

export function sandboxUsers(provider: SandboxProviderId): SandboxUser[] {
  const { domain } = SANDBOX_PROVIDERS[provider];
  const users: SandboxUser[] = [
    {
      sub: `${provider}-1001`,
      login: `lea@${domain}`,
      password: SANDBOX_PASSWORD,
      givenName: 'Léa',
      familyName: 'Martin',
    },
    {
      sub: `${provider}-1002`,
      login: `hugo@${domain}`,
      password: SANDBOX_PASSWORD,
      givenName: 'Hugo',
      familyName: 'Bernard',
      ...(provider === 'apple' ? { relayEmail: 'k7x2m9qp4d@privaterelay.appleid.com' } : {}),
    },
  ];
  if (provider === 'facebook')
    users.push({
      sub: 'facebook-1003',
      login: `sam@${domain}`,
      password: SANDBOX_PASSWORD,
      givenName: 'Sam',
      familyName: 'Petit',
      declinesEmail: true,
    });
  return users;
}
