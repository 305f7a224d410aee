import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_MAX_AGE_SECONDS } from '@playz/domain';
import {
  dottedHost,
  isMigrationNoticePending,
  legacyCookieRemovals,
  migrateLegacyCookies,
  parseLegacyUser,
  readCookie,
} from './legacy-cookies';
import { STORAGE_KEYS, readStored } from './storage';

// spec 1 §4 "Cookie migration: if an old user cookie exists, legacy session cookies are removed on
// the host and the dotted host; a customer-id cookie is set for 6 months" (decision 019). Each
// test uses a real jsdom cookie jar at the site's address.

function siteAt(url: string) {
  const { window } = new JSDOM('', { url });
  return { document: window.document, location: window.location };
}

const USER = encodeURIComponent(JSON.stringify({ id: 'rtf-84213', token: 'f00dfeed', logged: 1 }));

afterEach(() => localStorage.clear());

describe('legacy cookie migration (spec 1 §4)', () => {
  it('removes the old cookies on the host and on the dotted host, keeps the others, sets cuid', () => {
    const site = siteAt('https://www.playz.fr/series');
    // As the old site left them: some on the host only, some for the whole domain.
    site.document.cookie = 'PHPSESSID=abc123; Path=/';
    site.document.cookie = `user=${USER}; Domain=.playz.fr; Path=/`;
    site.document.cookie = 'logged=1; Domain=.playz.fr; Path=/';
    site.document.cookie = 'loggedWith=rtf; Path=/';
    site.document.cookie = 'hasClosedCookieDefaultDialog=1; Path=/';

    expect(migrateLegacyCookies(site.document, site.location)).toEqual({ customerId: 'rtf-84213' });

    const left = site.document.cookie;
    for (const name of ['user', 'PHPSESSID', 'logged', 'loggedWith']) expect(readCookie(left, name)).toBeNull();
    expect(readCookie(left, 'hasClosedCookieDefaultDialog')).toBe('1');
    expect(readCookie(left, 'cuid')).toBe('rtf-84213');
    expect(readStored(STORAGE_KEYS.cuid)).toBe('rtf-84213');
    expect(isMigrationNoticePending()).toBe(true);
  });

  it('needs both removals: the host one alone leaves the dotted-host copy behind', () => {
    const site = siteAt('https://www.playz.fr/');
    site.document.cookie = 'PHPSESSID=on-host; Path=/';
    site.document.cookie = 'PHPSESSID=on-domain; Domain=.playz.fr; Path=/';
    expect(site.document.cookie).toBe('PHPSESSID=on-host; PHPSESSID=on-domain');
    const [onHost, onDottedHost] = legacyCookieRemovals('PHPSESSID', site.location.hostname);
    site.document.cookie = onHost;
    expect(site.document.cookie).toBe('PHPSESSID=on-domain');
    site.document.cookie = onDottedHost;
    expect(site.document.cookie).toBe('');
  });

  it('works on the bare domain too, where host and dotted host hold the same cookies', () => {
    const site = siteAt('https://playz.fr/');
    site.document.cookie = `user=${USER}; Domain=.playz.fr; Path=/`;
    site.document.cookie = 'PHPSESSID=abc; Path=/';
    migrateLegacyCookies(site.document, site.location);
    expect(site.document.cookie).toBe('cuid=rtf-84213');
    expect(dottedHost('playz.fr')).toBe('.playz.fr');
    expect(dottedHost('www.playz.fr')).toBe('.playz.fr');
  });

  it('sets the customer-id cookie for 6 months, Secure over https only', () => {
    const lines: string[] = [];
    const jar = {
      get cookie() {
        return `user=${USER}`;
      },
      set cookie(line: string) {
        lines.push(line);
      },
    };
    migrateLegacyCookies(jar, { hostname: 'www.playz.fr', protocol: 'https:' });
    expect(lines.at(-1)).toBe(`cuid=rtf-84213; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; Secure`);
    expect(COOKIE_MAX_AGE_SECONDS).toBe(180 * 24 * 3600);
    lines.length = 0;
    migrateLegacyCookies(jar, { hostname: 'localhost', protocol: 'http:' });
    expect(lines.at(-1)).not.toContain('Secure');
  });

  it('does nothing without the old user cookie: PHPSESSID alone is not a former customer', () => {
    const site = siteAt('https://www.playz.fr/');
    site.document.cookie = 'PHPSESSID=abc; Path=/';
    expect(migrateLegacyCookies(site.document, site.location)).toBeNull();
    expect(site.document.cookie).toBe('PHPSESSID=abc');
    expect(isMigrationNoticePending()).toBe(false);
  });

  it('carries no malformed id over, and never a stored cuid already there', () => {
    expect(parseLegacyUser('{"id":"a b<c>"}')).toEqual({ customerId: null });
    expect(parseLegacyUser('not json')).toEqual({ customerId: null });
    expect(parseLegacyUser('{"id":84213}')).toEqual({ customerId: '84213' });
    localStorage.setItem(STORAGE_KEYS.cuid, 'from-the-url');
    const site = siteAt('https://www.playz.fr/');
    site.document.cookie = `user=${encodeURIComponent('{"id":"<script>"}')}; Path=/`;
    expect(migrateLegacyCookies(site.document, site.location)).toEqual({ customerId: null });
    expect(site.document.cookie).toBe('');
    expect(readStored(STORAGE_KEYS.cuid)).toBe('from-the-url');
    // Still a former customer: the notice is due.
    expect(isMigrationNoticePending()).toBe(true);
  });
});
