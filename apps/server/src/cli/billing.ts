// `npm run billing -- <command>`: the operator's view of money (decision 025).
//   history <login>    every ledger line of an account, oldest first, amounts in euros
//   pending            payments started and not settled yet (asked at the provider every minute)
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { announceWritesToApiNodes } from '../lib/table-generations';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { ledgerOf } from '../modules/billing/ledger/ledger';

const USAGE = 'usage: npm run billing -- history <login> | pending';

/** Cents as the ledger prints them: sign, euros, two decimals, the currency. */
export const formatCents = (cents: number, currency: string) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')} ${currency}`;

/** Runs one command; returns the process exit code. `print` receives what the operator reads. */
export async function runBillingCommand(
  args: string[],
  deps: { db: Kysely<Database>; print: (line: string) => void },
): Promise<number> {
  const [command, argument] = args;
  switch (command) {
    case 'history': {
      const login = argument?.trim().toLowerCase();
      const customer = login
        ? await deps.db.selectFrom('customers').select('id').where('login', '=', login).executeTakeFirst()
        : undefined;
      if (!login || !customer) {
        deps.print(login ? `No account with login ${login}.` : USAGE);
        return 1;
      }
      const lines = await ledgerOf(deps.db, customer.id);
      if (lines.length === 0) deps.print(`No billing history for ${login}.`);
      for (const l of lines) {
        const what = l.subscription_id
          ? `subscription ${l.subscription_id}`
          : l.purchase_id
            ? `purchase ${l.purchase_id}`
            : '';
        deps.print(
          [
            l.created_at,
            l.entry.padEnd(14),
            formatCents(l.amount_cents, l.currency).padStart(12),
            l.billing_type.padEnd(16),
            what,
            l.detail ?? '',
          ]
            .join('  ')
            .trimEnd(),
        );
      }
      const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      deps.print(`Total paid: ${formatCents(total, lines[0]?.currency ?? 'EUR')}`);
      return 0;
    }
    case 'pending': {
      const rows = await deps.db
        .selectFrom('billings')
        .selectAll()
        .where('state', '=', 'Pending')
        .orderBy('created_at')
        .execute();
      if (rows.length === 0) deps.print('No pending payment.');
      for (const b of rows)
        deps.print(
          `${b.created_at}  ${b.id}  ${b.billing_type}  ${formatCents(b.amount_cents, b.currency)}  ${b.provider_ref ?? '-'}`,
        );
      return 0;
    }
    default:
      deps.print(USAGE);
      return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const config = loadConfig();
  const database = connectDatabase(config);
  const run = async () => {
    // The API nodes' read caches hear of the billing rows written here (decision 037).
    const stopAnnouncing = await announceWritesToApiNodes(database, config.redisUrl);
    try {
      await migrateToLatest(database);
      return await runBillingCommand(process.argv.slice(2), { db: database.db, print: (line) => console.log(line) });
    } finally {
      await stopAnnouncing();
    }
  };
  run()
    .then(async (code) => {
      await database.close();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      await database.close();
      process.exit(1);
    });
}
