import { z } from 'zod';
import { SUPPORTED_LOCALES, safeReturnPath } from '@playz/domain';

/** Link codes of spec 1 §3 (see endpoints/accounts-link.ts for the flow). */
export const LINK_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
export const linkActionSchema = z.enum(['login', 'register']);
export type LinkAction = z.infer<typeof linkActionSchema>;

/** spec 1 §3 Account link code: url, code, QR image (a data: URL of a PNG), expiry. */
export const accountLinkSchema = z.object({
  url: z.string(),
  code: z.string(),
  qrImage: z.string(),
  expiresAt: z.string(),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

/**
 * The note a phone may hand the TV with a link code (spec 1 §7 /data): where to open, a path of
 * this site by the rule every return URL follows (`safeReturnPath`), and in which language. Keys
 * not listed are dropped; a listed key of another shape refuses the whole note (the server answers
 * 3, the TV ignores it), so the TV never acts on data nobody checked.
 */
export const accountLinkDataSchema = z.object({
  requested_url: z
    .string()
    .refine((value) => safeReturnPath(value) !== null, 'not a path of this site')
    .optional(),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});
export type AccountLinkData = z.infer<typeof accountLinkDataSchema>;

/** The note as the TV may use it: checked against accountLinkDataSchema, else null. */
export function accountLinkDataOf(value: unknown): AccountLinkData | null {
  const parsed = accountLinkDataSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * spec 1 §3 used, registered, logged, cuid. Before approval all false / null. The first poll after
 * the phone approved logs the TV in (cookie, and the bearer token in the `x-playz-token` header)
 * and answers used: true, logged: true, cuid, registered: true when the phone registered through
 * this code. The code is then spent: a later poll answers 7 like an unknown or expired code.
 * `data` is what the phone attached with /data (null if nothing).
 */
export const accountLinkStatusSchema = z.object({
  used: z.boolean(),
  registered: z.boolean(),
  logged: z.boolean(),
  cuid: z.string().nullable(),
  data: accountLinkDataSchema.nullable(),
});
export type AccountLinkStatus = z.infer<typeof accountLinkStatusSchema>;
