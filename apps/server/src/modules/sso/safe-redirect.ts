import { safeReturnPath } from '@playz/domain';

/**
 * Where the browser may be sent after sign-on: a path on this site only, by the rule every return
 * URL follows (`safeReturnPath` of @playz/domain); anything else falls back to the home page, so
 * the callback cannot be turned into an open redirect.
 */
export function safeRequestedUrl(value: string | undefined | null): string {
  return safeReturnPath(value) ?? '/';
}
