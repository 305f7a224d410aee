import { COOKIE_MAX_AGE_SECONDS } from '@playz/domain';
import { STORAGE_KEYS, readStored, writeStored } from './storage';

/**
 * Cookie migration (spec 1 §4, spec 2 "Cookie migration"; decision 019). Customers of the former
 * replay site (Replay TV France, now Playz) arrive with its cookies:
 *
 * - `user`: the old user cookie, URL-encoded JSON `{"id": "<customer id>", "token": "<session
 *   token>", "logged": 1}`; its presence is what marks a former customer;
 * - `PHPSESSID`: the old site's PHP session;
 * - `logged`, `loggedWith`: its logged flags.
 *
 * They are removed on the host and on the dotted host: the old site set some with
 * `Domain=.playz.fr`, shared by playz.fr and www.playz.fr, which a removal on www.playz.fr alone
 * does not reach (cookies are identified by name, domain and path, RFC 6265 §5.3, so a
 * `Domain=<host>` copy is the host's own). The old customer id is kept in the
 * `cuid` customer-id cookie for 6 months and as the stored `cuid` parameter. The old session is
 * not restored: its token can only be checked by the old site's session store, which did not
 * come with the migration, and a client-sent customer id proves nothing. The customer is shown
 * the migration notice instead and signs in again (decision 019).
 */
export const LEGACY_USER_COOKIE = 'user';
export const LEGACY_SESSION_COOKIES = [LEGACY_USER_COOKIE, 'PHPSESSID', 'logged', 'loggedWith'] as const;
/** spec 1 §4, §9: the customer-id cookie, 6 months (listed with the functional cookie types). */
export const CUSTOMER_ID_COOKIE = 'cuid';
/** Set until the migration notice has been shown, so a failed first start does not lose it. */
const NOTICE_PENDING_KEY = 'playz.legacy_migration_notice';

// The ids of the old site are short opaque strings; anything else is not carried over.
const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface LegacyCustomer {
  /** The old site's customer id, when it was well formed. */
  customerId: string | null;
}

/** The value of cookie `name` in a `document.cookie` string, decoded; null when absent. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * Reads the old `user` cookie. Its token and logged flag are not used: nothing here can check
 * them. A value that is not the expected JSON still marks a former customer.
 */
export function parseLegacyUser(value: string): LegacyCustomer {
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object') fields = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: nothing more to learn from it.
  }
  const id = typeof fields.id === 'number' ? String(fields.id) : fields.id;
  return { customerId: typeof id === 'string' && CUSTOMER_ID.test(id) ? id : null };
}

/** The site's domain for every subdomain: `.playz.fr` on playz.fr and on www.playz.fr. */
export function dottedHost(hostname: string): string {
  return `.${hostname.replace(/^www\./, '')}`;
}

/** The Set-Cookie lines that remove `name` on the host and on the dotted host. */
export function legacyCookieRemovals(name: string, hostname: string): [string, string] {
  const expired = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  return [expired, `${expired}; Domain=${dottedHost(hostname)}`];
}

export function customerIdCookie(customerId: string, isSecure: boolean): string {
  return `${CUSTOMER_ID_COOKIE}=${encodeURIComponent(customerId)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}

/**
 * Runs once at application start (spec 1 §4), before anything reads cookies: does nothing
 * without the old user cookie; otherwise removes the legacy cookies, sets the customer-id
 * cookie, remembers that the migration notice is due, and answers what the old cookie said.
 */
export function migrateLegacyCookies(
  doc: { cookie: string },
  location: { hostname: string; protocol: string },
): LegacyCustomer | null {
  const cookies = doc.cookie;
  const user = readCookie(cookies, LEGACY_USER_COOKIE);
  if (user === null) return null;
  const legacy = parseLegacyUser(user);
  for (const name of LEGACY_SESSION_COOKIES) {
    for (const line of legacyCookieRemovals(name, location.hostname)) doc.cookie = line;
  }
  if (legacy.customerId !== null) {
    doc.cookie = customerIdCookie(legacy.customerId, location.protocol === 'https:');
    // The cuid common parameter reads the stored value (spec 1 §2 "query cuid is stored locally").
    if (readStored(STORAGE_KEYS.cuid) === null) writeStored(STORAGE_KEYS.cuid, legacy.customerId);
  }
  writeStored(NOTICE_PENDING_KEY, '1');
  return legacy;
}

/** Whether a former customer still has to see the migration notice. */
export function isMigrationNoticePending(): boolean {
  return readStored(NOTICE_PENDING_KEY) === '1';
}

export function clearMigrationNotice(): void {
  writeStored(NOTICE_PENDING_KEY, null);
}
