import { createHash, randomBytes } from 'node:crypto';

/**
 * A console session is short (decision 080): a customer's lasts six months on the viewer's own
 * device; a staff member's opens refunds and personal data, often on a shared office machine.
 */
/** Between the password and the second factor. */
export const STAFF_PASSWORD_STAGE_MS = 5 * 60_000;
/** Without a call, the session ends. */
export const STAFF_IDLE_MS = 30 * 60_000;
/** Whatever happens, it ends: a working day. */
export const STAFF_ABSOLUTE_MS = 12 * 3_600_000;
/** The last-seen time is written at most this often (not one write per call). */
export const STAFF_TOUCH_EVERY_MS = 60_000;

/** Its own cookie, sent only to the console's API (never to the viewers' API or pages). */
export const STAFF_COOKIE_PATH = '/api/admin';
export const staffCookieName = (isHttps: boolean) => (isHttps ? '__Secure-playz_staff' : 'playz_staff');

export const newStaffToken = () => randomBytes(32).toString('base64url');
export const hashStaffToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StaffSessionTimes {
  stage: 'password' | 'full';
  createdAt: string;
  lastSeenAt: string;
  endedAt: string | null;
}

/** Whether a session still opens the console at `nowMs` (its stage aside). */
export function isSessionLive(session: StaffSessionTimes, nowMs: number): boolean {
  if (session.endedAt !== null) return false;
  const created = Date.parse(session.createdAt);
  if (session.stage === 'password') return nowMs - created < STAFF_PASSWORD_STAGE_MS;
  return nowMs - created < STAFF_ABSOLUTE_MS && nowMs - Date.parse(session.lastSeenAt) < STAFF_IDLE_MS;
}
