import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createLinkRepository } from '../link';
import { createMemoryBus } from './remote-bus';
import { createGrantSigner } from './remote-grant';
import { createKidsPushGuard } from './kids-push-guard';
import { createRemoteHub, type RemoteHub } from './remote-hub';
import { createRemoteLinkService } from './remote-link.service';
import { registerRemoteLinkRoutes } from './remote-link.routes';
import { createRedisBus } from './remote-redis-bus';
import { registerRemoteSocket } from './remote-socket.routes';
import { SESSION_LIFETIME_MS } from '../../sessions/session.repository';

export { REMOTE_SOCKET_PATH } from './remote-socket.routes';

declare module 'fastify' {
  interface FastifyInstance {
    remote: { hub: RemoteHub };
  }
}

/**
 * Remote control (spec 2 §4, §7; decision 034): the WebSocket hub, shared across API
 * nodes through Redis when REDIS_URL is set, and its link codes.
 */
export default fp(
  async (app) => {
    const { sessions } = app;
    const onError = (error: unknown) => app.log.error({ err: error }, 'remote control');
    const bus = app.redis ? await createRedisBus(app.redis, onError) : createMemoryBus();
    // The stream secret, shared by every node: guest grants are signed with a key derived from it.
    const grants = createGrantSigner(app.streamSecret);
    // The app's clock, as the hub's: a socket's flood window moves with it (tests move it).
    const nowMs = () => app.now().getTime();
    const hub = createRemoteHub({
      bus,
      grants,
      // A session row that is gone is a session that ended (log-out, password change, deletion).
      sessionAlive: async (sessionId) => (await sessions.startedAt(sessionId)) !== undefined,
      onError,
      now: nowMs,
    });
    // Sessions ending on this node reach every node's sockets through the bus.
    app.events.on('session.ended', (scope) => hub.sessionsEnded(scope));
    const links = createRemoteLinkService({
      ...{ repo: createLinkRepository(app.db), hub, grants, limiter: app.limiter, publicUrl: app.config.publicUrl },
      now: app.now,
    });
    const cuidOf = async (customerId: number) =>
      (await app.db.selectFrom('customers').select('uid').where('id', '=', customerId).executeTakeFirst())?.uid ?? null;
    // "Send to TV" from a kids profile respects the ratings (decision 064). The catalogue
    // registers after this module: it is read at call time.
    const refusesPush = createKidsPushGuard({
      db: app.db,
      rows: { getContent: (id) => app.catalogue.rows.getContent(id) },
      lists: { listContentsOfList: (id) => app.catalogue.service.listContentsOfList(id) },
      now: app.now,
    });
    app.decorate('remote', { hub });
    await registerApiCalls(app, async (api) => {
      registerRemoteLinkRoutes(api, { links, checkResponses: app.checkResponses });
      await api.register(async (scope) => {
        await registerRemoteSocket(scope, {
          ...{ hub, sessions, cuidOf, publicUrl: app.config.publicUrl, now: nowMs, refusesPush },
          sessionLifetimeMs: SESSION_LIFETIME_MS,
        });
      });
    });
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'playz-remote', dependencies: ['playz-sessions', 'playz-limiter', 'playz-events'] },
);
