import type { ApiClient } from '@playz/api-client';
import { isApiError } from '@playz/api-client';

/**
 * spec 2 §8 "Set-top box error ids shown to the user: I04-PLAYZ for content (silent #04-PLAYZ)
 * and I08-PLAYZ for backend (silent #08-PLAYZ)"; spec 3 §8 "I09-PLAYZ (billing; silent
 * #10-PLAYZ), I10-PLAYZ (over-quota fault on Orange app shop billing)". The spec gives I10 no
 * silent form: an over-quota refusal is always told to the viewer (decision 036).
 */
export const SET_TOP_ERRORS = {
  'I04-PLAYZ': { kind: 'content', silent: '#04-PLAYZ' },
  'I08-PLAYZ': { kind: 'backend', silent: '#08-PLAYZ' },
  'I09-PLAYZ': { kind: 'billing', silent: '#10-PLAYZ' },
  'I10-PLAYZ': { kind: 'overQuota', silent: null },
} as const;
export type SetTopErrorId = keyof typeof SET_TOP_ERRORS;
export type SetTopErrorKind = (typeof SET_TOP_ERRORS)[SetTopErrorId]['kind'];

/** What the TV app shows: the id on screen and a message chosen by kind through @playz/i18n. */
export interface SetTopPopup {
  id: SetTopErrorId;
  kind: SetTopErrorKind;
}

/** The failing request whose path gives the content error (spec 2 §8 "content/{id}/url/tv"). */
const CONTENT_URL_PATH = /(^|\/)content\/\d+\/url\/tv(\?|$)/;

/** Orange's payment-limit fault as the server relays it (decision 029: message `OverQuotaFault`). */
const OVER_QUOTA = 'OverQuotaFault';

/**
 * Which id a failure gets, or null when it is not a set-top error (an ApiError the screen handles
 * itself, e.g. 11 on log-in). On the billing path: OverQuotaFault → I10, anything else → I09.
 * Elsewhere: a failing content/{id}/url/tv request → I04; any other failure that is not an
 * ApiError (network, parse, a bug) → I08.
 */
export function setTopErrorIdOf(error: unknown, context: { billing?: boolean } = {}): SetTopErrorId | null {
  if (context.billing) return messageOf(error).includes(OVER_QUOTA) ? 'I10-PLAYZ' : 'I09-PLAYZ';
  const path = (error as { path?: unknown } | null)?.path;
  if (typeof path === 'string' && CONTENT_URL_PATH.test(path)) return 'I04-PLAYZ';
  if (isApiError(error)) return null;
  return 'I08-PLAYZ';
}

export interface SetTopErrors {
  /**
   * The popup for a failure (also sent to tracking), or null when the failure is not a set-top
   * error. `silent` reports the silent form only and shows nothing.
   */
  report(error: unknown, context?: { billing?: boolean; silent?: boolean }): Promise<SetTopPopup | null>;
}

/** Tracking is POST /error/log (spec 1 §7, spec 3 §7 "Popups and silent errors … are sent to tracking"). */
export function createSetTopErrors(api: Pick<ApiClient, 'logClientError'>): SetTopErrors {
  return {
    async report(error, context = {}) {
      const id = setTopErrorIdOf(error, context);
      if (!id) return null;
      const entry = SET_TOP_ERRORS[id];
      const code = context.silent && entry.silent ? entry.silent : id;
      const detail = messageOf(error).slice(0, 1500);
      // Tracking must never turn an error screen into a second error: a failed log is dropped.
      await api.logClientError({ body: { message: `${code} ${detail}`.trim() } }).catch(() => undefined);
      return context.silent && entry.silent ? null : { id, kind: entry.kind };
    },
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}
