import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { SessionCookies } from '../../plugins/session';
import type { CallerContext } from '../accounts/accounts.service';
import type { SessionRepository } from '../accounts/session.repository';
import { createSsoClient } from './sso.client';
import { createSsoRepository } from './sso.repository';
import { registerSsoRoutes } from './sso.routes';
import { createSsoService } from './sso.service';

/** Social sign-on through OpenID Connect, one client per enabled provider (config.ssoProviders). */
export function createSsoModule(deps: {
  db: Kysely<Database>;
  config: Config;
  sessions: SessionRepository;
  startSession: (customerId: number, device: CallerContext['device']) => Promise<string>;
  log: { warn(obj: object, msg: string): void };
  now?: () => Date;
}) {
  const sso = createSsoService({
    clients: deps.config.ssoProviders.map(createSsoClient),
    repo: createSsoRepository(deps.db),
    sessions: deps.sessions,
    startSession: deps.startSession,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    now: deps.now,
  });
  return {
    sso,
    registerApi(api: FastifyInstance, cookies: SessionCookies) {
      registerSsoRoutes(api, { sso, cookies });
    },
  };
}
