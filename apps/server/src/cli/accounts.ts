// `npm run accounts -- <command>`: operator commands on accounts (decision 009).
//   sign-out-all             end every session of every account (breach response)
//   sign-out <login>         end every session of one account
//   create-mailbox-account   create an operator-billing account with a domain mailbox
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { connectTableGenerations } from '../lib/table-generations';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { connectRedis } from '../lib/redis-client';
import type { SessionsEndedListener } from '../sessions/sessions-ended';
import { loadStreamSecret } from '../lib/stream-secret';
import { createAccountsRepository } from '../modules/accounts/accounts.repository';
import { createDomainMailboxService } from '../modules/accounts/domain-mailbox.service';
import { createSecretBox, MAILBOX_PASSWORD_PURPOSE } from '../lib/secret-box';
import { createSessionRepository } from '../sessions/session.repository';
import { createDeviceLeaseRepository } from '../streaming/device-lease.repository';
import { createRedisDeviceLeaseStore } from '../streaming/device-lease-redis-store';
import { createDeviceLeases } from '../streaming/device-leases';
import { createServiceRepository } from '../modules/service/service.repository';

const USAGE = 'usage: npm run accounts -- sign-out-all | sign-out <login> | create-mailbox-account';

/** Runs one command; returns the process exit code. `print` receives what the operator reads. */
export async function runAccountsCommand(
  args: string[],
  deps: {
    db: Kysely<Database>;
    serverSecret: string;
    print: (line: string) => void;
    /** Frees what the ended sessions held in shared state (device leases in Redis, decision 018). */
    onSessionsEnded?: SessionsEndedListener;
  },
): Promise<number> {
  const sessions = createSessionRepository(deps.db);
  if (deps.onSessionsEnded) sessions.onEnded(deps.onSessionsEnded);
  const accounts = createAccountsRepository(deps.db);
  const [command, argument] = args;
  switch (command) {
    case 'sign-out-all': {
      const count = await sessions.deleteAll();
      deps.print(`Signed out ${count} session(s) of every account.`);
      return 0;
    }
    case 'sign-out': {
      const login = argument?.trim().toLowerCase();
      const customer = login ? await accounts.findByLogin(login) : undefined;
      if (!login || !customer) {
        deps.print(login ? `No account with login ${login}.` : USAGE);
        return 1;
      }
      const count = await sessions.deleteAllOfCustomer(customer.id);
      deps.print(`Signed out ${count} session(s) of ${login}.`);
      return 0;
    }
    case 'create-mailbox-account': {
      const app = await createServiceRepository(deps.db).getSetting<{ siteDomain: string }>('app');
      if (!app) {
        deps.print('The database is not seeded yet: start the server once.');
        return 1;
      }
      const mailbox = createDomainMailboxService({
        accounts,
        box: createSecretBox(deps.serverSecret, MAILBOX_PASSWORD_PURPOSE),
      });
      const created = await mailbox.provision(app.siteDomain);
      deps.print(`Created ${created.login} with password ${created.password}`);
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
    await migrateToLatest(database);
    // With REDIS_URL the API nodes' device leases are reachable and go at once; an API node's
    // in-process store is not, its own check drops the ended sessions' places (decision 018).
    const redis = config.redisUrl ? await connectRedis(config.redisUrl, { keyPrefix: 'playz:' }) : null;
    // The API nodes' read caches hear of the account rows written here (decision 037).
    const tableWrites = redis
      ? connectTableGenerations({ database, redis, onError: (e) => console.error(e.message) })
      : null;
    const leases = redis
      ? createDeviceLeases({
          store: createRedisDeviceLeaseStore(redis),
          limit: config.maxSimultaneousDevices,
          liveSessions: createDeviceLeaseRepository(database.db).liveSessions,
        })
      : null;
    try {
      return await runAccountsCommand(process.argv.slice(2), {
        db: database.db,
        serverSecret: loadStreamSecret(config.dataDir, config.streamSecret),
        print: (line) => console.log(line),
        onSessionsEnded: leases ? (scope) => leases.sessionsEnded(scope) : undefined,
      });
    } finally {
      tableWrites?.stop();
      await redis?.quit();
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
