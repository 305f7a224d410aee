import { describe, expect, it } from 'vitest';
import type { CookieType } from '@playz/api-contract';
import { consentCookies, hasGrantedSomeConsent, isAnalyticsAccepted, readConsent } from './consent-cookies';

const SIX_MONTHS_S = 6 * 30 * 86_400;
const types: CookieType[] = [
  { id: 1, type: 'Functional', name: 'Fonctionnels', description: '', mandatory: true, cookies: [] },
  { id: 2, type: 'Analytics', name: 'Audience', description: '', mandatory: false, cookies: [] },
  { id: 3, type: 'Advertising', name: 'Publicité', description: '', mandatory: false, cookies: [] },
];

describe('consent cookies (spec 3 §4 names, spec 1 §9 six months)', () => {
  it('writes the banner choice with the spec names, a yes/no per cookie type, for 6 months', () => {
    const cookies = consentCookies(types, [1], 'Default', false);
    expect(cookies.map((cookie) => cookie.split(';')[0])).toEqual([
      'hasClosedCookieDefaultDialog=1',
      'hasAcceptedCookieType1=1',
      'hasAcceptedCookieType2=0',
      'hasAcceptedCookieType3=0',
    ]);
    for (const cookie of cookies) {
      expect(cookie).toContain(`Max-Age=${SIX_MONTHS_S}`);
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
    }
  });

  it('marks the settings choice with hasClosedCookieAdvancedDialog, Secure over https', () => {
    const cookies = consentCookies(types, [2], 'Advanced', true);
    expect(cookies[0]).toMatch(/^hasClosedCookieAdvancedDialog=1;/);
    expect(cookies[2]).toMatch(/^hasAcceptedCookieType2=1;/);
    expect(cookies.every((cookie) => cookie.endsWith('; Secure'))).toBe(true);
  });

  it('reads no choice until a closed cookie is set (the banner shows)', () => {
    expect(readConsent(types, 'hasAcceptedCookieType2=1').hasChosen).toBe(false);
    expect(readConsent(types, 'hasAcceptedCookieType2=1')).toEqual({ hasChosen: false, acceptedIds: [1] });
    expect(readConsent(types, 'a=b; hasClosedCookieAdvancedDialog=1; hasAcceptedCookieType2=1')).toEqual({
      hasChosen: true,
      acceptedIds: [1, 2],
    });
  });

  it('starts analytics only when the analytics cookies are accepted; the push needs some optional consent', () => {
    const functionalOnly = readConsent(types, 'hasClosedCookieDefaultDialog=1; hasAcceptedCookieType2=0');
    expect(isAnalyticsAccepted(types, functionalOnly)).toBe(false);
    expect(hasGrantedSomeConsent(types, functionalOnly)).toBe(false);
    const adsOnly = readConsent(types, 'hasClosedCookieDefaultDialog=1; hasAcceptedCookieType3=1');
    expect(isAnalyticsAccepted(types, adsOnly)).toBe(false);
    expect(hasGrantedSomeConsent(types, adsOnly)).toBe(true);
    const all = readConsent(
      types,
      'hasClosedCookieDefaultDialog=1; hasAcceptedCookieType2=1; hasAcceptedCookieType3=1',
    );
    expect(isAnalyticsAccepted(types, all)).toBe(true);
  });
});
