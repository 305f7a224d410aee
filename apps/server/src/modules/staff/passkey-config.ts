import { z } from 'zod';

/**
 * Where staff passkeys are valid (decision 095). A passkey is bound to a relying party id (a
 * domain) and each assertion names the page's origin; both are checked at every sign-in, so they
 * must be the console's real ones. By default they are PUBLIC_URL's host and origin.
 */
export const staffPasskeyEnv = {
  /** The WebAuthn relying party id: the console's domain (or a parent domain of it). */
  STAFF_PASSKEY_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
    .optional(),
  /** The console's origin as the browser sends it (scheme, host and port). */
  STAFF_PASSKEY_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
};

export interface StaffPasskeyConfig {
  rpId: string;
  origin: string;
}

/** Names no real console runs on: a production passkey bound to one would be a mistake. */
const PLACEHOLDER =
  /(^|\.)(localhost|example|example\.(com|org|net)|invalid|test|local)$|change-?me|placeholder|^\d+\.\d+\.\d+\.\d+$/i;
export const isPlaceholderHost = (host: string) => PLACEHOLDER.test(host);

/**
 * The passkey settings and their problems (the ConfigError format). Outside the demo mode a
 * placeholder domain, an origin not on HTTPS, or an origin outside the relying party's domain is
 * refused; a production start without PUBLIC_URL or these settings has no passkeys (TOTP only),
 * rather than passkeys bound to localhost.
 */
export function staffPasskeyConfig(
  e: { STAFF_PASSKEY_RP_ID?: string | undefined; STAFF_PASSKEY_ORIGIN?: string | undefined },
  publicUrl: string,
  demo: boolean,
): { problems: string[]; config: StaffPasskeyConfig | null } {
  const given = e.STAFF_PASSKEY_RP_ID !== undefined || e.STAFF_PASSKEY_ORIGIN !== undefined;
  const origin = new URL(e.STAFF_PASSKEY_ORIGIN ?? publicUrl).origin;
  const rpId = (e.STAFF_PASSKEY_RP_ID ?? new URL(origin).hostname).toLowerCase();
  const host = new URL(origin).hostname.toLowerCase();
  const problems: string[] = [];
  if (host !== rpId && !host.endsWith(`.${rpId}`))
    problems.push(`STAFF_PASSKEY_RP_ID: ${rpId} is not the domain of the console's origin ${origin}`);
  if (!demo) {
    if (isPlaceholderHost(rpId) || isPlaceholderHost(host)) {
      if (given)
        problems.push(`STAFF_PASSKEY_RP_ID: ${rpId} (origin ${origin}) is a placeholder, not the console's domain`);
      else return { problems, config: null };
    }
    if (!origin.startsWith('https://')) problems.push(`STAFF_PASSKEY_ORIGIN: ${origin} must be https in production`);
  }
  return { problems, config: problems.length > 0 ? null : { rpId, origin } };
}
