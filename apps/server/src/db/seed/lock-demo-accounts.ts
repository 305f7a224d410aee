import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from './demo-settings';

/**
 * A database a demo started holds the demo accounts, whose password the README publishes (one of
 * them a paid subscriber). Started outside the demo mode (decision 047), an account that still has
 * that password gets a random one nobody knows and loses its sessions: its owner, if it is a real
 * person, gets back in with "mot de passe oublié". Answers the logins locked.
 */
export async function lockPublishedDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'login', 'password_hash'])
    .where(
      'login',
      'in',
      DEMO_ACCOUNTS.map((a) => a.login),
    )
    .execute();
  const locked: string[] = [];
  for (const row of rows) {
    if (!row.password_hash || !(await verify(row.password_hash, DEMO_ACCOUNT_PASSWORD).catch(() => false))) continue;
    const unknowable = await hash(randomBytes(32).toString('base64url'));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('customers').set({ password_hash: unknowable }).where('id', '=', row.id).execute();
      await trx.deleteFrom('sessions').where('customer_id', '=', row.id).execute();
    });
    locked.push(row.login ?? `customer ${row.id}`);
  }
  return locked;
}
