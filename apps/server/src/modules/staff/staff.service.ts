import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { AuditActor, AuditLog } from './audit-log';
import { memberOf, type StaffMember, type StaffRepository } from './staff.repository';
import { isStaffRole, type StaffRole } from './staff-roles';
import { STAFF_TOUCH_EVERY_MS, hashStaffToken, isSessionLive, newStaffToken } from './staff-session';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

const DECOY_HASH = hash('decoy-staff-password-never-used');
const WINDOW_MS = 15 * 60_000;
/** Password guesses: per address and per account (decision 080, as decision 032 for customers). */
const PASSWORD_RULE = { max: 10, windowMs: WINDOW_MS };
/** Second-factor guesses per account: six digits fall to 10⁶ tries, not to five in a quarter. */
const TOTP_RULE = { max: 5, windowMs: WINDOW_MS };

export interface StaffSignedIn {
  token: string;
  member: StaffMember;
}

export type PasswordStep =
  /** `code: false`: the member removed the authenticator app and signs in with a passkey (decision 109). */
  | { token: string; next: 'totp'; staffId: number; code?: false }
  | { token: string; next: 'enrol'; enrolment: { secret: string; otpauthUrl: string } };

export interface StaffCaller {
  member: StaffMember;
  tokenHash: string;
}

/**
 * Staff accounts and their sign-in (decision 080): a password, then a TOTP code; a first sign-in
 * enrols the authenticator. Every change is written to the audit log with the change.
 */
export function createStaffService(deps: {
  repo: StaffRepository;
  audit: AuditLog;
  limiter: RateLimiter;
  now: () => Date;
  issuer: string;
}) {
  const { repo, audit, limiter } = deps;
  const nowIso = () => deps.now().toISOString();

  async function openSession(staffId: number, stage: 'password' | 'full') {
    const token = newStaffToken();
    await repo.startSession(hashStaffToken(token), staffId, stage, nowIso());
    return token;
  }

  return {
    async passwordStep(input: { email: string; password: string; clientIp: string }): Promise<PasswordStep> {
      const email = input.email.trim().toLowerCase();
      await countAttempts(
        limiter,
        [
          { key: `staff-password:ip:${input.clientIp}`, rule: PASSWORD_RULE },
          { key: `staff-password:email:${email}`, rule: PASSWORD_RULE },
        ],
        deps.now().getTime(),
      );
      const row = await repo.findByEmail(email);
      // The decoy keeps an unknown address as slow as a known one: timing tells nothing.
      const right = row
        ? await verify(row.password_hash, input.password)
        : (await verify(await DECOY_HASH, input.password), false);
      if (!row || !right || row.disabled_at !== null) throw apiError(ApiErrorNumber.AuthenticationFailed);
      const token = await openSession(row.id, 'password');
      if (row.totp_enrolled_at !== null) return { token, next: 'totp', staffId: row.id };
      // The authenticator app was removed, passkeys remain (decision 109): never a new enrolment
      // by password alone, which would let a stolen password add its own second factor.
      if (await repo.hasPasskeys(row.id)) return { token, next: 'totp', staffId: row.id, code: false };
      // Not enrolled yet: a new secret each time until a code proves the app holds it.
      const secret = newTotpSecret();
      await repo.setPendingSecret(row.id, secret);
      return { token, next: 'enrol', enrolment: { secret, otpauthUrl: otpauthUrl(secret, row.email, deps.issuer) } };
    },

    async secondFactorStep(input: {
      token: string;
      code: string;
      requestId: string;
      clientIp: string;
    }): Promise<StaffSignedIn> {
      const tokenHash = hashStaffToken(input.token);
      const session = await repo.findSession(tokenHash);
      const nowMs = deps.now().getTime();
      if (
        !session ||
        session.stage !== 'password' ||
        session.disabled_at !== null ||
        !isSessionLive(
          {
            stage: 'password',
            createdAt: session.created_at,
            lastSeenAt: session.last_seen_at,
            endedAt: session.ended_at,
          },
          nowMs,
        )
      )
        throw apiError(ApiErrorNumber.AuthenticationFailed);
      await countAttempts(limiter, [{ key: `staff-totp:${session.id}`, rule: TOTP_RULE }], nowMs);
      const step = session.totp_secret ? matchTotp(session.totp_secret, input.code.trim(), nowMs) : null;
      if (step === null || !(await repo.takeStep(session.id, step, nowIso())))
        throw apiError(ApiErrorNumber.AuthenticationFailed);
      await limiter.reset(`staff-totp:${session.id}`);
      // The half-open session ends; a new token opens the console (no fixation of the first one).
      await repo.endSession(tokenHash, nowIso());
      const token = await openSession(session.id, 'full');
      const member = memberOf({
        ...session,
        created_at: session.staff_created_at,
        totp_enrolled_at: session.totp_enrolled_at ?? nowIso(),
      });
      await audit.record({
        actor: { staffId: member.id, email: member.email },
        action: session.totp_enrolled_at === null ? 'staff.enrol-second-factor' : 'staff.sign-in',
        target: { type: 'staff', id: member.id },
        requestId: input.requestId,
        clientIp: input.clientIp,
      });
      return { token, member };
    },

    /** The staff member a full session belongs to, or null (ended, idle, past its day, disabled). */
    async callerOf(token: string): Promise<StaffCaller | null> {
      const tokenHash = hashStaffToken(token);
      const session = await repo.findSession(tokenHash);
      const nowMs = deps.now().getTime();
      if (!session || session.stage !== 'full' || session.disabled_at !== null) return null;
      const times = {
        stage: session.stage,
        createdAt: session.created_at,
        lastSeenAt: session.last_seen_at,
        endedAt: session.ended_at,
      };
      if (!isSessionLive(times, nowMs)) return null;
      if (nowMs - Date.parse(session.last_seen_at) >= STAFF_TOUCH_EVERY_MS)
        await repo.touchSession(tokenHash, nowIso());
      return { member: memberOf({ ...session, created_at: session.staff_created_at }), tokenHash };
    },

    async signOut(caller: StaffCaller): Promise<void> {
      await repo.endSession(caller.tokenHash, nowIso());
    },

    async list(): Promise<StaffMember[]> {
      return (await repo.list()).map(memberOf);
    },

    /**
     * A new staff member with a random first password, shown once to whoever creates it (the CLI's
     * operator or an admin), who hands it over; the second factor is enrolled at the first sign-in.
     */
    async create(
      input: { email: string; name: string; roles: string[] },
      actor: AuditActor,
      context: { requestId?: string; clientIp?: string } = {},
    ): Promise<{ member: StaffMember; password: string }> {
      const email = input.email.trim().toLowerCase();
      const name = input.name.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw apiError(ApiErrorNumber.EmailNotValid);
      if (!name || name.length > 100) throw apiError(ApiErrorNumber.BadParameter);
      const roles = [...new Set(input.roles)];
      if (roles.length === 0 || !roles.every(isStaffRole)) throw apiError(ApiErrorNumber.BadParameter);
      if (await repo.findByEmail(email)) throw apiError(ApiErrorNumber.EmailAlreadyExists);
      const password = randomBytes(12).toString('base64url');
      const id = await repo.insert({
        email,
        name,
        passwordHash: await hash(password),
        roles: roles as StaffRole[],
        now: nowIso(),
      });
      const member = memberOf((await repo.findById(id))!);
      await audit.record({
        actor,
        action: 'staff.create',
        target: { type: 'staff', id },
        after: { email: member.email, name: member.name, roles: member.roles },
        requestId: context.requestId ?? null,
        clientIp: context.clientIp ?? null,
      });
      return { member, password };
    },

    async disable(
      id: number,
      actor: StaffCaller,
      context: { requestId: string; clientIp: string },
    ): Promise<StaffMember> {
      const row = await repo.findById(id);
      if (!row) throw apiError(ApiErrorNumber.NotFound);
      // An admin cannot lock the console's last door from inside it by mistake.
      if (row.id === actor.member.id) throw apiError(ApiErrorNumber.Forbidden);
      const before = memberOf(row);
      if (!before.disabled) {
        await repo.disable(id, nowIso());
        await repo.endSessionsOf(id, nowIso());
      }
      const after = memberOf((await repo.findById(id))!);
      await audit.record({
        actor: { staffId: actor.member.id, email: actor.member.email },
        action: 'staff.disable',
        target: { type: 'staff', id },
        before: { disabled: before.disabled },
        after: { disabled: after.disabled },
        requestId: context.requestId,
        clientIp: context.clientIp,
      });
      return after;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
