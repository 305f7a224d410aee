import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { AuditLog } from './audit-log';
import type { StaffPasskeyConfig } from './passkey-config';
import { memberOf, type StaffMember } from './staff.repository';
import type { StaffCaller, StaffSignedIn } from './staff.service';
import { hashStaffToken, isSessionLive, newStaffToken } from './staff-session';

/** SimpleWebAuthn is loaded at the first passkey ceremony, not with the server (decision 121). */
let webauthnLibrary: Promise<typeof SimpleWebAuthn> | null = null;
const webauthn = () => (webauthnLibrary ??= import('@simplewebauthn/server'));

/** A challenge is answered within two minutes (a person with a security key or a phone at hand). */
export const PASSKEY_CHALLENGE_MS = 2 * 60_000;
/** Second-factor tries per half-open session, shared with TOTP codes (decision 080's five a quarter). */
const SECOND_FACTOR_RULE = { max: 5, windowMs: 15 * 60_000 };

type Purpose = 'register' | 'sign-in';
type Context = { requestId: string; clientIp: string };

export interface StaffPasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const viewOf = (row: { id: number; name: string; created_at: string; last_used_at: string | null }) => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const transportsOf = (text: string | null) =>
  text ? (text.split(',').filter(Boolean) as AuthenticatorTransportFuture[]) : undefined;

/**
 * Passkeys beside TOTP as a staff member's second factor (decision 095): a member signed in with
 * a full session registers passkeys; a half-open session (the password given) may then answer a
 * passkey challenge instead of a code. Each challenge belongs to one session and one purpose, is
 * taken once by a conditional update and lives two minutes; the relying party id and origin come
 * from the configuration; the signature counter must grow; every change is audited.
 */
export function createStaffPasskeys(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  limiter: RateLimiter;
  now: () => Date;
  /** Null: passkeys are off (a production start without the console's real domain). */
  config: StaffPasskeyConfig | null;
  rpName: string;
}) {
  const { db, audit } = deps;
  const nowIso = () => deps.now().toISOString();
  const relyingParty = () => {
    if (!deps.config) throw apiError(ApiErrorNumber.Forbidden, 'passkeys are not configured');
    return deps.config;
  };

  const passkeysOf = (staffId: number) =>
    db.selectFrom('staff_passkeys').selectAll().where('staff_id', '=', staffId).orderBy('id').execute();

  const remember = (tokenHash: string, challenge: string, purpose: Purpose) =>
    db
      .updateTable('staff_sessions')
      .set({ webauthn_challenge: challenge, webauthn_purpose: purpose, webauthn_challenge_at: nowIso() })
      .where('token_hash', '=', tokenHash)
      .execute();

  /**
   * Takes the session's challenge for `purpose`, once: the update clears it only if it is still
   * there, so of two answers (a replay, or two nodes) one gets it; past two minutes it is gone.
   */
  async function takeChallenge(tokenHash: string, purpose: Purpose): Promise<string | null> {
    const row = await db
      .selectFrom('staff_sessions')
      .select(['webauthn_challenge', 'webauthn_purpose', 'webauthn_challenge_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row?.webauthn_challenge || row.webauthn_purpose !== purpose || !row.webauthn_challenge_at) return null;
    const taken = await db
      .updateTable('staff_sessions')
      .set({ webauthn_challenge: null, webauthn_purpose: null, webauthn_challenge_at: null })
      .where('token_hash', '=', tokenHash)
      .where('webauthn_challenge', '=', row.webauthn_challenge)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    if (deps.now().getTime() - Date.parse(row.webauthn_challenge_at) >= PASSKEY_CHALLENGE_MS) return null;
    return row.webauthn_challenge;
  }

  /**
   * Writes the member's row first: PostgreSQL holds it until the commit, so removing a passkey and
   * the authenticator app at the same instant run one after the other and the second sees the
   * first, never leaving a member with no second factor (SQLite has one writer).
   */
  async function holdMember(trx: Kysely<Database>, staffId: number) {
    await trx
      .updateTable('staff')
      .set((eb) => ({ roles: eb.ref('roles') }))
      .where('id', '=', staffId)
      .execute();
  }

  /** The half-open session a sign-in answers for, or 11. */
  async function halfOpen(token: string) {
    const tokenHash = hashStaffToken(token);
    const session = await db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .select([
        'staff_sessions.token_hash',
        'staff_sessions.stage',
        'staff_sessions.created_at',
        'staff_sessions.last_seen_at',
        'staff_sessions.ended_at',
        'staff.id',
        'staff.email',
        'staff.name',
        'staff.roles',
        'staff.totp_enrolled_at',
        'staff.disabled_at',
        'staff.created_at as staff_created_at',
      ])
      .where('staff_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
    const live =
      session &&
      session.stage === 'password' &&
      session.disabled_at === null &&
      isSessionLive(
        {
          stage: 'password',
          createdAt: session.created_at,
          lastSeenAt: session.last_seen_at,
          endedAt: session.ended_at,
        },
        deps.now().getTime(),
      );
    if (!session || !live) throw apiError(ApiErrorNumber.AuthenticationFailed);
    return { ...session, tokenHash };
  }

  return {
    /** Whether passkeys can be used here at all (configured). */
    available: () => deps.config !== null,

    async hasPasskeys(staffId: number): Promise<boolean> {
      if (!deps.config) return false;
      const row = await db.selectFrom('staff_passkeys').select('id').where('staff_id', '=', staffId).executeTakeFirst();
      return row !== undefined;
    },

    async list(caller: StaffCaller): Promise<{ passkeys: StaffPasskeyView[]; totp: boolean; available: boolean }> {
      return {
        passkeys: (await passkeysOf(caller.member.id)).map(viewOf),
        totp: caller.member.enrolled,
        available: deps.config !== null,
      };
    },

    async registrationOptions(caller: StaffCaller) {
      const rp = relyingParty();
      const existing = await passkeysOf(caller.member.id);
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: rp.rpId,
        userName: caller.member.email,
        userDisplayName: caller.member.name,
        userID: new TextEncoder().encode(`staff:${caller.member.id}`),
        attestationType: 'none',
        // One credential per authenticator: registering the same key twice would count two factors.
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: PASSKEY_CHALLENGE_MS,
      });
      await remember(caller.tokenHash, options.challenge, 'register');
      return options;
    },

    async register(
      caller: StaffCaller,
      input: { name: string; response: RegistrationResponseJSON },
      context: Context,
    ): Promise<StaffPasskeyView> {
      const rp = relyingParty();
      const challenge = await takeChallenge(caller.tokenHash, 'register');
      if (!challenge) throw apiError(ApiErrorNumber.AuthenticationFailed, 'no passkey challenge to answer');
      let verified;
      try {
        verified = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpId,
          requireUserVerification: false,
        });
      } catch {
        throw apiError(ApiErrorNumber.AuthenticationFailed, 'passkey not verified');
      }
      if (!verified.verified || !verified.registrationInfo)
        throw apiError(ApiErrorNumber.AuthenticationFailed, 'passkey not verified');
      const { credential } = verified.registrationInfo;
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('staff_passkeys')
          .select('id')
          .where('credential_id', '=', credential.id)
          .executeTakeFirst();
        if (taken) throw apiError(ApiErrorNumber.BadParameter, 'this passkey is already registered');
        const row = await trx
          .insertInto('staff_passkeys')
          .values({
            staff_id: caller.member.id,
            credential_id: credential.id,
            public_key: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports?.join(',') ?? null,
            name: input.name.trim(),
            created_at: nowIso(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const view = viewOf(row);
        await audit.record(
          {
            actor: { staffId: caller.member.id, email: caller.member.email },
            action: 'staff.passkey-add',
            target: { type: 'staff', id: caller.member.id },
            after: { passkey: view.id, name: view.name },
            ...context,
          },
          trx,
        );
        return view;
      });
    },

    /** Removes one of the member's own passkeys, unless it is their last second factor. */
    async remove(caller: StaffCaller, id: number, context: Context): Promise<StaffPasskeyView[]> {
      return db.transaction().execute(async (trx) => {
        await holdMember(trx, caller.member.id);
        const mine = await trx
          .selectFrom('staff_passkeys')
          .selectAll()
          .where('staff_id', '=', caller.member.id)
          .orderBy('id')
          .execute();
        const target = mine.find((p) => p.id === id);
        if (!target) throw apiError(ApiErrorNumber.NotFound);
        const staff = await trx
          .selectFrom('staff')
          .select('totp_enrolled_at')
          .where('id', '=', caller.member.id)
          .executeTakeFirstOrThrow();
        const factorsLeft = mine.length - 1 + (staff.totp_enrolled_at !== null ? 1 : 0);
        // A member without a second factor could not sign in again: the last one stays.
        if (factorsLeft < 1) throw apiError(ApiErrorNumber.Forbidden, 'the last second factor cannot be removed');
        await trx.deleteFrom('staff_passkeys').where('id', '=', id).where('staff_id', '=', caller.member.id).execute();
        await audit.record(
          {
            actor: { staffId: caller.member.id, email: caller.member.email },
            action: 'staff.passkey-remove',
            target: { type: 'staff', id: caller.member.id },
            before: { passkey: target.id, name: target.name },
            ...context,
          },
          trx,
        );
        return mine.filter((p) => p.id !== id).map(viewOf);
      });
    },

    /**
     * Removes the member's authenticator app when a passkey remains (decision 109): the last
     * second factor always stays. Its secret goes with it, so no code opens a session any more;
     * a member without it signs in with a passkey. Audited; asked again, it changes nothing.
     */
    async removeTotp(caller: StaffCaller, context: Context): Promise<{ totp: boolean; passkeys: number }> {
      return db.transaction().execute(async (trx) => {
        await holdMember(trx, caller.member.id);
        const staff = await trx
          .selectFrom('staff')
          .select('totp_enrolled_at')
          .where('id', '=', caller.member.id)
          .executeTakeFirstOrThrow();
        const passkeys = (
          await trx.selectFrom('staff_passkeys').select('id').where('staff_id', '=', caller.member.id).execute()
        ).length;
        if (staff.totp_enrolled_at === null) return { totp: false, passkeys };
        // Without a passkey usable here the app is the last factor: it stays.
        if (passkeys === 0 || !deps.config)
          throw apiError(ApiErrorNumber.Forbidden, 'the last second factor cannot be removed');
        await trx
          .updateTable('staff')
          .set({ totp_enrolled_at: null, totp_secret: null })
          .where('id', '=', caller.member.id)
          .execute();
        await audit.record(
          {
            actor: { staffId: caller.member.id, email: caller.member.email },
            action: 'staff.totp-remove',
            target: { type: 'staff', id: caller.member.id },
            before: { totp: true, passkeys },
            after: { totp: false, passkeys },
            ...context,
          },
          trx,
        );
        return { totp: false, passkeys };
      });
    },

    /** The challenge a half-open session answers with one of its member's passkeys. */
    async signInOptions(token: string) {
      const rp = relyingParty();
      const session = await halfOpen(token);
      const keys = await passkeysOf(session.id);
      if (keys.length === 0) throw apiError(ApiErrorNumber.NotFound, 'no passkey registered');
      const options = await (
        await webauthn()
      ).generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials: keys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
        userVerification: 'preferred',
        timeout: PASSKEY_CHALLENGE_MS,
      });
      await remember(session.tokenHash, options.challenge, 'sign-in');
      return options;
    },

    /**
     * The second step with a passkey: the session's challenge signed by one of the member's own
     * passkeys, from the console's origin, with a counter past the last one. Opens a full session
     * under a new token, as the TOTP step does.
     */
    async signIn(
      input: { token: string; response: AuthenticationResponseJSON } & Context,
    ): Promise<StaffSignedIn & { member: StaffMember }> {
      const rp = relyingParty();
      const session = await halfOpen(input.token);
      await countAttempts(
        deps.limiter,
        [{ key: `staff-passkey:${session.id}`, rule: SECOND_FACTOR_RULE }],
        deps.now().getTime(),
      );
      const challenge = await takeChallenge(session.tokenHash, 'sign-in');
      // Only this member's passkeys: another member's credential answers nothing here.
      const key = await db
        .selectFrom('staff_passkeys')
        .selectAll()
        .where('staff_id', '=', session.id)
        .where('credential_id', '=', input.response.id)
        .executeTakeFirst();
      if (!challenge || !key) throw apiError(ApiErrorNumber.AuthenticationFailed);
      let verified;
      try {
        verified = await (
          await webauthn()
        ).verifyAuthenticationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpId,
          credential: {
            id: key.credential_id,
            publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
            counter: Number(key.counter),
            transports: transportsOf(key.transports),
          },
          requireUserVerification: false,
        });
      } catch {
        throw apiError(ApiErrorNumber.AuthenticationFailed);
      }
      if (!verified.verified) throw apiError(ApiErrorNumber.AuthenticationFailed);
      const { newCounter } = verified.authenticationInfo;
      // The counter moves forward once: two nodes verifying the same signature both read the old
      // counter, and only one of them may move it (a counter of 0 is an authenticator without one).
      const moved = await db
        .updateTable('staff_passkeys')
        .set({ counter: newCounter, last_used_at: nowIso() })
        .where('id', '=', key.id)
        .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw apiError(ApiErrorNumber.AuthenticationFailed);
      await deps.limiter.reset(`staff-passkey:${session.id}`);
      const ended = await db
        .updateTable('staff_sessions')
        .set({ ended_at: nowIso() })
        .where('token_hash', '=', session.tokenHash)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) throw apiError(ApiErrorNumber.AuthenticationFailed);
      const token = newStaffToken();
      await db
        .insertInto('staff_sessions')
        .values({
          token_hash: hashStaffToken(token),
          staff_id: session.id,
          stage: 'full',
          created_at: nowIso(),
          last_seen_at: nowIso(),
        })
        .execute();
      const member = memberOf({ ...session, created_at: session.staff_created_at });
      await audit.record({
        actor: { staffId: member.id, email: member.email },
        action: 'staff.sign-in',
        target: { type: 'staff', id: member.id },
        after: { factor: 'passkey', passkey: key.id },
        requestId: input.requestId,
        clientIp: input.clientIp,
      });
      return { token, member };
    },
  };
}

export type StaffPasskeys = ReturnType<typeof createStaffPasskeys>;
