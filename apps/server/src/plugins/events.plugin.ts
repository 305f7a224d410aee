import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { createRedisNodeBus, type NodeBus } from '../lib/node-bus';
import type { SessionsEndedScope } from '../sessions/sessions-ended';

/**
 * What modules tell each other without knowing each other (decision 054). A module emits; any
 * module may listen. Add an event here, with who emits it and whether every API node hears it.
 */
export interface AppEvents {
  /**
   * Sessions ended on this node (log-out, password change, deletion, the breach response): state
   * held per session goes at once. Heard on this node only: its listeners (device places, stream
   * authority, remote sockets) reach the other nodes through their own shared state and buses.
   */
  'session.ended': SessionsEndedScope;
  /**
   * A customer's rights changed: a payment, renewal, refund, expiry or cancellation applied by
   * billing. Heard on every API node: each drops what it remembered of the customer's access.
   */
  'subscription.changed': { customerId: number };
}

type EventName = keyof AppEvents;
export type EventListener<K extends EventName> = (payload: AppEvents[K]) => void | Promise<void>;

/** Events every node hears, through Redis with REDIS_URL; the others stay on the node. */
const DEPLOYMENT_WIDE: Record<EventName, boolean> = { 'session.ended': false, 'subscription.changed': true };

export interface AppEventBus {
  on<K extends EventName>(name: K, listener: EventListener<K>): void;
  /** Resolves once this node's listeners are done; a listener's failure is logged, never thrown. */
  emit<K extends EventName>(name: K, payload: AppEvents[K]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEventBus;
  }
}

type Message = { node: string; name: EventName; payload: unknown };

export const eventsPlugin = fp(
  async (app) => {
    const listeners = new Map<EventName, EventListener<EventName>[]>();
    const deliver = async (name: EventName, payload: unknown) => {
      const results = await Promise.allSettled(
        (listeners.get(name) ?? []).map(async (listener) => listener(payload as never)),
      );
      for (const r of results)
        if (r.status === 'rejected') app.log.error({ err: r.reason, event: name }, 'event listener failed');
    };
    const node = randomUUID();
    let bus: NodeBus<Message> | null = null;
    if (app.redis) {
      bus = await createRedisNodeBus<Message>(app.redis, 'app-events', (error) =>
        app.log.error({ err: error }, 'app events bus'),
      );
      // This node's own come back too: they were delivered here when emitted.
      bus.subscribe((message) => void (message.node !== node && deliver(message.name, message.payload)));
      const opened = bus;
      app.addHook('onClose', () => opened.close());
    }
    app.decorate('events', {
      on(name, listener) {
        listeners.set(name, [...(listeners.get(name) ?? []), listener as EventListener<EventName>]);
      },
      async emit(name, payload) {
        if (DEPLOYMENT_WIDE[name]) bus?.publish({ node, name, payload });
        await deliver(name, payload);
      },
    } satisfies AppEventBus);
  },
  { name: 'playz-events', dependencies: ['playz-redis'] },
);
