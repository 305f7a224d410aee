import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the node as leaving: /readyz answers 503 from now on (SIGTERM, main.ts). */
    beginDrain(): void;
    /**
     * Stops the child processes (the live encoders) for good and resolves once they have exited:
     * shutdown's first step, so none restarts during the drain (app.ts, decision 048).
     */
    stopChildProcesses(): Promise<void>;
  }
}

/**
 * Readiness for a load balancer (decision 038): /readyz answers 200 while the database answers and
 * the node is not draining, 503 once SIGTERM started a drain, so traffic moves to the other nodes
 * before this one stops accepting. /healthz (liveness) stays 200 until the process ends.
 */
export function registerReadiness(app: FastifyInstance, db: Kysely<never>) {
  let draining = false;
  app.decorate('beginDrain', () => {
    draining = true;
  });
  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining' });
    await sql`select 1`.execute(db);
    return reply.send({ status: 'ready' });
  });
}
