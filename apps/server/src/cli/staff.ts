// `npm run staff -- <command>`: the console's staff accounts from a shell (decision 080).
//   create-admin <email> <name>   the first admin (or another, when the console is locked out)
//   list                          staff accounts, their roles and whether they enrolled a second factor
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { createMemoryRateLimitStore, createRateLimiter } from '../lib/rate-limiter';
import { createAuditLog, createStaffRepository, createStaffService } from '../modules/staff';

const USAGE = 'usage: npm run staff -- create-admin <email> <name> | list';

/** Runs one command; returns the process exit code. `print` receives what the operator reads. */
export async function runStaffCommand(
  args: string[],
  deps: { db: Kysely<Database>; print: (line: string) => void; now?: () => Date; operator?: string },
): Promise<number> {
  const now = deps.now ?? (() => new Date());
  const staff = createStaffService({
    repo: createStaffRepository(deps.db),
    audit: createAuditLog(deps.db, now),
    limiter: createRateLimiter(createMemoryRateLimitStore()),
    now,
    issuer: 'Playz',
  });
  const [command, email, ...nameParts] = args;
  switch (command) {
    case 'create-admin': {
      const name = nameParts.join(' ').trim();
      if (!email || !name) {
        deps.print(USAGE);
        return 1;
      }
      try {
        // The shell's user is the actor the audit log names: the console did not exist for this one.
        const created = await staff.create(
          { email, name, roles: ['admin'] },
          { cli: deps.operator ?? process.env.USER ?? 'operator' },
        );
        deps.print(`Created admin ${created.member.email} (id ${created.member.id}).`);
        deps.print(`First password (shown once): ${created.password}`);
        deps.print('At the first sign-in on /admin the console asks to enrol an authenticator app.');
        return 0;
      } catch (error) {
        deps.print(`Not created: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    }
    case 'list': {
      for (const member of await staff.list())
        deps.print(
          `${member.id}\t${member.email}\t${member.roles.join(',')}\t${member.enrolled ? 'second factor' : 'not enrolled'}${member.disabled ? '\tdisabled' : ''}`,
        );
      return 0;
    }
    default:
      deps.print(USAGE);
      return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const database = connectDatabase(loadConfig());
  migrateToLatest(database)
    .then(() => runStaffCommand(process.argv.slice(2), { db: database.db, print: (line) => console.log(line) }))
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
