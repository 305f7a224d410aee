import { isApiError, type ApiClient } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';

/** What a spent code links to: the screen, and for a friend's screen the grant (decision 034). */
export interface LinkTarget {
  udid: string;
  grant?: string;
}

export type CodeKind = 'own' | 'guest' | 'typed';

/**
 * Spends a remote link code (spec 2 §7 /customer/remote/link/check and /guest/link/check): the
 * QR of `?code=` is a code of the account's own screen, `?guest=` a friend's. A typed code may be
 * either: the guest check first (the usual reason to type one), then the own one. 7 (unknown,
 * expired, spent) is thrown as the API error, for the page to say so.
 */
export async function spendLinkCode(api: ApiClient, code: string, kind: CodeKind): Promise<LinkTarget> {
  const query = { code: code.replace(/\s+/g, '').toUpperCase() };
  if (kind !== 'own') {
    try {
      const { Result } = await api.checkRemoteGuestLink({ query });
      return { udid: Result.device.udid, grant: Result.grant };
    } catch (error) {
      if (kind === 'guest' || !isApiError(error, ApiErrorNumber.NotFound)) throw error;
    }
  }
  const { Result } = await api.checkRemoteLink({ query });
  return { udid: Result.device.udid };
}
