import { useEffect } from 'react';
import type { ApiClient } from '@playz/api-client';
import { useApi } from '../api-context';
import { parseCookies } from './consent-cookies';
import { isAnalyticsAllowed } from './consent-store';
import { COOKIE_MAX_AGE_SECONDS } from '@playz/domain';

/**
 * The first-party measurement's cookies (decision 088), listed as the analytics cookie type's
 * cookies on the consent screens: the visitor (6 months), the visit (until the browser closes)
 * and the session (30 minutes, renewed at each page).
 */
export const AUDIENCE_COOKIES = { visitor: '_pa_id', visit: '_pa_vis', session: '_pa_ses' } as const;
const SESSION_SECONDS = 1800;

const newId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

function setCookie(name: string, value: string, maxAge: number | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAge === null ? '' : `; Max-Age=${maxAge}`;
  document.cookie = `${name}=${value}${age}; Path=/; SameSite=Lax${secure}`;
}

/** The measurement's ids, made when missing; the session's life starts again at each page. */
export function audienceIds(): { visitor: string; visit: string; session: string } {
  const cookies = parseCookies(document.cookie);
  const valid = (value: string | undefined) => (value && /^[A-Za-z0-9_-]{16,32}$/.test(value) ? value : null);
  const visitor = valid(cookies.get(AUDIENCE_COOKIES.visitor)) ?? newId();
  const visit = valid(cookies.get(AUDIENCE_COOKIES.visit)) ?? newId();
  const session = valid(cookies.get(AUDIENCE_COOKIES.session)) ?? newId();
  setCookie(AUDIENCE_COOKIES.visitor, visitor, COOKIE_MAX_AGE_SECONDS);
  setCookie(AUDIENCE_COOKIES.visit, visit, null);
  setCookie(AUDIENCE_COOKIES.session, session, SESSION_SECONDS);
  return { visitor, visit, session };
}

/** Consent withdrawn: the measurement's cookies go at once (spec 3 §4). */
export function clearAudienceCookies() {
  const cookies = parseCookies(document.cookie);
  for (const name of Object.values(AUDIENCE_COOKIES)) if (cookies.has(name)) setCookie(name, '', 0);
}

export async function recordPageView(api: ApiClient, path: string) {
  await api.recordPageView({ body: { ...audienceIds(), path } });
}

/**
 * First-party audience measurement (spec 3 §4 "analytics starts only if the analytics cookies are
 * accepted"; decision 088): a page view per page, to our own server only, while the viewer allows
 * analytics; when they do not (or no longer), nothing is sent and the measurement's cookies go.
 * `consentKey` changes with the viewer's choice, so a choice made on this page counts at once.
 * `path` is the page's: the web's own path, the TV's under /tv, so the console tells them apart.
 */
export function useAudience(path: string, consentKey: string) {
  const api = useApi();
  useEffect(() => {
    if (!isAnalyticsAllowed()) {
      clearAudienceCookies();
      return;
    }
    // Fire and forget: a count is never worth an error on the viewer's page.
    recordPageView(api, path).catch((error: unknown) => console.warn('[audience] page view not counted', error));
  }, [api, path, consentKey]);
}
