import type { CookieType } from '@playz/api-contract';
import { COOKIE_MAX_AGE_SECONDS } from '@playz/domain';

/**
 * The consent cookies of spec 3 §4, names kept letter for letter: the banner stays until one of
 * the "closed" cookies is set; one hasAcceptedCookieType{id} per cookie type says yes (1) or no (0).
 */
export const CLOSED_DEFAULT_COOKIE = 'hasClosedCookieDefaultDialog';
export const CLOSED_ADVANCED_COOKIE = 'hasClosedCookieAdvancedDialog';
export const acceptedCookieName = (cookieTypeId: number) => `hasAcceptedCookieType${cookieTypeId}`;

/** Which dialog the choice was made in: the banner (Default) or the settings (Advanced). */
export type ConsentSource = 'Default' | 'Advanced';

export interface ConsentState {
  hasChosen: boolean;
  /** Ids of the cookie types accepted on this device (the mandatory ones always are). */
  acceptedIds: number[];
}

export function parseCookies(cookieString: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (name) cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
  }
  return cookies;
}

export function readConsent(cookieTypes: CookieType[], cookieString: string): ConsentState {
  const cookies = parseCookies(cookieString);
  const hasChosen = cookies.get(CLOSED_DEFAULT_COOKIE) === '1' || cookies.get(CLOSED_ADVANCED_COOKIE) === '1';
  const acceptedIds = cookieTypes
    .filter((type) => type.mandatory || (hasChosen && cookies.get(acceptedCookieName(type.id)) === '1'))
    .map((type) => type.id);
  return { hasChosen, acceptedIds };
}

/** One Set-Cookie line for document.cookie: 6 months (spec 1 §9), whole site, Secure over https. */
export function buildConsentCookie(name: string, value: string, isSecure: boolean): string {
  return `${name}=${value}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}

/** The cookies that record a choice: the closed flag of its dialog and a yes/no per cookie type. */
export function consentCookies(
  cookieTypes: CookieType[],
  acceptedIds: readonly number[],
  source: ConsentSource,
  isSecure: boolean,
): string[] {
  const closed = source === 'Default' ? CLOSED_DEFAULT_COOKIE : CLOSED_ADVANCED_COOKIE;
  return [
    buildConsentCookie(closed, '1', isSecure),
    ...cookieTypes.map((type) =>
      buildConsentCookie(
        acceptedCookieName(type.id),
        type.mandatory || acceptedIds.includes(type.id) ? '1' : '0',
        isSecure,
      ),
    ),
  ];
}

/** Accept only functional: the mandatory types. Accept all: every type. */
export const mandatoryIds = (cookieTypes: CookieType[]) => cookieTypes.filter((t) => t.mandatory).map((t) => t.id);
export const allIds = (cookieTypes: CookieType[]) => cookieTypes.map((t) => t.id);

/**
 * Analytics starts only when every analytics cookie type is accepted (spec 3 §4): the first-party
 * audience measurement and the players' quality reports ask this first (decision 088).
 */
export function isAnalyticsAccepted(cookieTypes: CookieType[], state: ConsentState): boolean {
  const analytics = cookieTypes.filter((type) => type.type === 'Analytics');
  return state.hasChosen && analytics.length > 0 && analytics.every((type) => state.acceptedIds.includes(type.id));
}

/**
 * Marketing trackers fire only when every advertising cookie type is accepted (spec 3 §3, §4):
 * no choice yet, or no advertising type at all, is a no.
 */
export function isAdvertisingAccepted(cookieTypes: CookieType[], state: ConsentState): boolean {
  const advertising = cookieTypes.filter((type) => type.type === 'Advertising');
  return state.hasChosen && advertising.length > 0 && advertising.every((type) => state.acceptedIds.includes(type.id));
}

/** "Some consent is granted": an optional cookie type was accepted (spec 1 §7 analytics push). */
export function hasGrantedSomeConsent(cookieTypes: CookieType[], state: ConsentState): boolean {
  return state.hasChosen && cookieTypes.some((type) => !type.mandatory && state.acceptedIds.includes(type.id));
}
