import { useCallback, useSyncExternalStore } from 'react';
import type { CookieType } from '@playz/api-contract';
import {
  consentCookies,
  isAdvertisingAccepted,
  isAnalyticsAccepted,
  readConsent,
  type ConsentSource,
  type ConsentState,
} from './consent-cookies';

/**
 * The consent lives in the cookies themselves (they are its only truth on the device); this
 * module tells the banner, the settings dialog and the cookies page when it changes.
 */
const listeners = new Set<() => void>();
let knownCookieTypes: CookieType[] = [];

const cookieString = () => (typeof document === 'undefined' ? '' : document.cookie);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writeConsent(cookieTypes: CookieType[], acceptedIds: readonly number[], source: ConsentSource) {
  const isSecure = typeof location !== 'undefined' && location.protocol === 'https:';
  for (const cookie of consentCookies(cookieTypes, acceptedIds, source, isSecure)) document.cookie = cookie;
  listeners.forEach((listener) => listener());
}

/** The cookie types of /data (App.cookieTypes), remembered for isAnalyticsAllowed(). */
export function rememberCookieTypes(cookieTypes: CookieType[]) {
  knownCookieTypes = cookieTypes;
}

/**
 * What the app asks before any audience measurement starts (spec 3 §4): true only once every
 * analytics cookie type was accepted on this device.
 */
export function isAnalyticsAllowed(): boolean {
  return isAnalyticsAccepted(knownCookieTypes, readConsent(knownCookieTypes, cookieString()));
}

/** What the payment screens ask before firing a marketing tracker (spec 3 §4). */
export function isAdvertisingAllowed(): boolean {
  return isAdvertisingAccepted(knownCookieTypes, readConsent(knownCookieTypes, cookieString()));
}

export function useConsentState(cookieTypes: CookieType[]): ConsentState {
  // The cookie string is the snapshot: it only changes when a cookie does.
  const raw = useSyncExternalStore(subscribe, cookieString, () => '');
  return readConsent(cookieTypes, raw);
}

export function useWriteConsent(cookieTypes: CookieType[]) {
  return useCallback(
    (acceptedIds: readonly number[], source: ConsentSource) => writeConsent(cookieTypes, acceptedIds, source),
    [cookieTypes],
  );
}
