import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionCookies } from '../../plugins/session';
import type { CallerContext } from '../accounts/accounts.service';
import { createLinkRepository } from './link.repository';
import { registerLinkRoutes } from './link.routes';
import { createLinkService } from './link.service';

/** TV log-in and registration by link code (spec 1 §3, §7). */
export function createLinkModule(deps: {
  db: Kysely<Database>;
  startSession: (customerId: number, device: CallerContext['device']) => Promise<string>;
  limiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}) {
  const link = createLinkService({
    repo: createLinkRepository(deps.db),
    startSession: deps.startSession,
    limiter: deps.limiter,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  return {
    link,
    registerApi(api: FastifyInstance, cookies: SessionCookies, checkResponses: boolean) {
      registerLinkRoutes(api, { link, cookies, checkResponses });
    },
  };
}
