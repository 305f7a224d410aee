import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaidMessages } from '../../adapters/paid-messages';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import { registerOutboxRoutes } from './outbox.routes';
import { createRecoveryRepository } from './recovery.repository';
import { registerRecoveryRoutes } from './recovery.routes';
import { createRecoveryService } from './recovery.service';

/** Forgot password, password reset, forgot login, and the development outbox viewer. */
export function createRecoveryModule(deps: {
  db: Kysely<Database>;
  config: Config;
  limiter: RateLimiter;
  /** The budgeted SMS and mail senders (decision 050). */
  messages: PaidMessages;
  log: { error(obj: object, msg: string): void };
  /** Ends an account's sessions through the session repository, so its listeners hear of it. */
  endSessions: (customerId: number) => Promise<unknown>;
  now?: () => Date;
}) {
  const { config } = deps;
  const recovery = createRecoveryService({
    repo: createRecoveryRepository(deps.db),
    messages: deps.messages,
    limiter: deps.limiter,
    publicUrl: config.publicUrl,
    log: deps.log,
    endSessions: deps.endSessions,
    now: deps.now,
  });
  return {
    recovery,
    registerApi(api: FastifyInstance, checkResponses: boolean) {
      registerRecoveryRoutes(api, { recovery, checkResponses });
      // Reset links still being written and mailed finish before the database closes.
      api.addHook('onClose', () => recovery.drain());
    },
    /** /dev/outbox, never in production (decision 011). */
    registerDev(app: FastifyInstance) {
      if (config.env !== 'production') registerOutboxRoutes(app, { dataDir: config.dataDir });
    },
  };
}
