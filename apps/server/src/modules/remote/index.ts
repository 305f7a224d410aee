import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SessionsEndedListener } from '../../lib/sessions-ended';
import { createLinkRepository } from '../link/link.repository';
import { createMemoryBus } from './remote-bus';
import { createGrantSigner } from './remote-grant';
import { createRemoteHub } from './remote-hub';
import { createRemoteLinkService } from './remote-link.service';
import { registerRemoteLinkRoutes } from './remote-link.routes';
import { createRedisBus } from './remote-redis-bus';
import { registerRemoteSocket } from './remote-socket.routes';

export { REMOTE_SOCKET_PATH } from './remote-socket.routes';

/**
 * Remote control (spec 2 §4, §7; decision 034): the WebSocket hub, shared across API
 * nodes through Redis when REDIS_URL is set, and its link codes.
 */
export async function createRemoteModule(deps: {
  db: Kysely<Database>;
  sessions: {
    findValid(token: string): Promise<{ id: string; customerId: number } | null>;
    startedAt(sessionId: string): Promise<string | undefined>;
    onEnded(listener: SessionsEndedListener): void;
  };
  redis: Redis | null;
  limiter: RateLimiter;
  publicUrl: string;
  /** The stream secret, shared by every node: guest grants are signed with a key derived from it. */
  secret: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const onError = (error: unknown) => deps.log.error({ err: error }, 'remote control');
  const bus = deps.redis ? await createRedisBus(deps.redis, onError) : createMemoryBus();
  const grants = createGrantSigner(deps.secret);
  const nowMs = () => (deps.now?.() ?? new Date()).getTime();
  const hub = createRemoteHub({
    bus,
    grants,
    // A session row that is gone is a session that ended (log-out, password change, deletion).
    sessionAlive: async (sessionId) => (await deps.sessions.startedAt(sessionId)) !== undefined,
    onError,
    now: nowMs,
  });
  // Sessions ending on this node reach every node's sockets through the bus.
  deps.sessions.onEnded(async (scope) => hub.sessionsEnded(scope));
  const links = createRemoteLinkService({
    ...{ repo: createLinkRepository(deps.db), hub, grants, limiter: deps.limiter, publicUrl: deps.publicUrl },
    now: deps.now,
  });
  const cuidOf = async (customerId: number) =>
    (await deps.db.selectFrom('customers').select('uid').where('id', '=', customerId).executeTakeFirst())?.uid ?? null;

  return {
    hub,
    /** Link calls and the socket, inside the /api/1.2 scope. */
    registerApi(api: FastifyInstance, checkResponses: boolean) {
      registerRemoteLinkRoutes(api, { links, checkResponses });
      api.register(async (scope) => {
        // The app's clock, as the hub's: a socket's flood window moves with it (tests move it).
        await registerRemoteSocket(scope, {
          hub,
          sessions: deps.sessions,
          cuidOf,
          publicUrl: deps.publicUrl,
          now: nowMs,
        });
      });
      api.addHook('onClose', async () => hub.close());
    },
  };
}
export type RemoteModule = Awaited<ReturnType<typeof createRemoteModule>>;
