import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseRoles, type StaffRole } from './staff-roles';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
  enrolled: boolean;
  disabled: boolean;
  createdAt: string;
}

export function memberOf(row: {
  id: number;
  email: string;
  name: string;
  roles: string;
  totp_enrolled_at: string | null;
  disabled_at: string | null;
  created_at: string;
}): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: parseRoles(row.roles),
    enrolled: row.totp_enrolled_at !== null,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}

/** Staff accounts and their sessions (migration 021). Only the staff module reads these tables. */
export function createStaffRepository(db: Kysely<Database>) {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('staff').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst(),
    findById: (id: number) => db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst(),
    list: () => db.selectFrom('staff').selectAll().orderBy('id').execute(),
    async insert(member: { email: string; name: string; passwordHash: string; roles: StaffRole[]; now: string }) {
      const row = await db
        .insertInto('staff')
        .values({
          email: member.email.trim().toLowerCase(),
          name: member.name,
          password_hash: member.passwordHash,
          roles: member.roles.join(','),
          created_at: member.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Whether the member registered a passkey (decision 095). */
    async hasPasskeys(id: number): Promise<boolean> {
      const row = await db.selectFrom('staff_passkeys').select('id').where('staff_id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
    setPendingSecret: (id: number, secret: string) =>
      db
        .updateTable('staff')
        .set({ totp_secret: secret })
        .where('id', '=', id)
        .where('totp_enrolled_at', 'is', null)
        .execute(),
    /**
     * Takes a TOTP step for this member, once: the update matches only while the step is newer than
     * the last one used, so a code replayed (or raced on two nodes) is taken by one request.
     */
    async takeStep(id: number, step: number, enrolledAt: string): Promise<boolean> {
      const result = await db
        .updateTable('staff')
        .set((eb) => ({
          totp_last_step: step,
          totp_enrolled_at: eb.fn.coalesce('totp_enrolled_at', eb.val(enrolledAt)),
        }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    disable: (id: number, now: string) =>
      db.updateTable('staff').set({ disabled_at: now }).where('id', '=', id).execute(),

    startSession: (tokenHash: string, staffId: number, stage: 'password' | 'full', now: string) =>
      db
        .insertInto('staff_sessions')
        .values({ token_hash: tokenHash, staff_id: staffId, stage, created_at: now, last_seen_at: now })
        .execute(),
    findSession: (tokenHash: string) =>
      db
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
          'staff.totp_secret',
          'staff.totp_enrolled_at',
          'staff.disabled_at',
          'staff.created_at as staff_created_at',
        ])
        .where('staff_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst(),
    touchSession: (tokenHash: string, now: string) =>
      db.updateTable('staff_sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute(),
    endSession: (tokenHash: string, now: string) =>
      db
        .updateTable('staff_sessions')
        .set({ ended_at: now })
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .execute(),
    endSessionsOf: (staffId: number, now: string) =>
      db
        .updateTable('staff_sessions')
        .set({ ended_at: now })
        .where('staff_id', '=', staffId)
        .where('ended_at', 'is', null)
        .execute(),
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
