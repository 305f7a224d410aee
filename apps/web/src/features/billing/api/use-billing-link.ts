import { useQuery } from '@tanstack/react-query';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH, type PurchaseContentRequest } from '@playz/api-contract';
import { useApi } from '@playz/queries';

/**
 * Which link the phone opened (spec 3 §1 cross screen): the token of the TV's QR code URL, or the
 * code shown on the TV and typed here. Both are looked up by GET /customer/billing/link/check.
 */
export type BillingLinkKey = { token: string } | { code: string };

/** The item a purchase link buys, with its name (decision 040) and its own offer if it names one (decision 107). */
export type BillingLinkPurchase = PurchaseContentRequest & { label: string; productPriceID: number | null };

/** A typed code as the TV shows it: spaces and dashes dropped, upper case (case-insensitive, decision 030). */
export function normalizeLinkCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

export function isLinkCode(code: string): boolean {
  return code.length === LINK_CODE_LENGTH && [...code].every((char) => LINK_CODE_ALPHABET.includes(char));
}

/**
 * The key in `/billing/link/{key}`: the QR code's token (32 hex), or a typed code (8 characters of
 * the link alphabet, so a code page has an address of its own to come back to after log-in).
 */
export function linkKeyFrom(param: string): BillingLinkKey | null {
  if (/^[0-9a-f]{32}$/.test(param)) return { token: param };
  const code = normalizeLinkCode(param);
  return isLinkCode(code) ? { code } : null;
}

/** The page of a link, where the payment flows come back to (their requested_url). */
export function billingLinkPath(key: BillingLinkKey): string {
  return `/billing/link/${'token' in key ? key.token : key.code}`;
}

/**
 * Whose TV the link pays for, whether this phone is signed in to that account, and where it stands
 * (Pending, Paid, Expired). Read again on every visit: the phone comes back here after paying.
 */
export function useBillingLinkCheck(key: BillingLinkKey, customerUid: string) {
  const api = useApi();
  return useQuery({
    // isSameAccount depends on who is signed in: a log-in here is a new answer.
    queryKey: ['billing', 'link', key, customerUid],
    queryFn: async ({ signal }) => (await api.checkBillingLink({ query: key, signal })).Link,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}
