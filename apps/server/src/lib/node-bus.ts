import type { Redis } from 'ioredis';

/**
 * Messages every API node hears, its own included (decisions 034, 022): in process on one node,
 * through a Redis pub/sub channel with REDIS_URL.
 */
export interface NodeBus<M> {
  /** Only this process hears it (no REDIS_URL): a message may be handled at once, in place. */
  readonly inProcess?: boolean;
  publish(message: M): void;
  subscribe(handler: (message: M) => void): void;
  close(): Promise<void>;
}

/** One API node without REDIS_URL: messages go round in process, after the current task. */
export function createMemoryNodeBus<M>(): NodeBus<M> {
  const handlers: ((message: M) => void)[] = [];
  return {
    inProcess: true,
    publish(message) {
      queueMicrotask(() => handlers.forEach((handler) => handler(message)));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
    },
  };
}

/**
 * Several API nodes: one Redis pub/sub channel per bus. A subscribed connection can do nothing
 * else, so each bus opens its own beside the node's. ioredis does not prefix channels, so the
 * deployment's key prefix is added here: test apps and deployments sharing a Redis do not hear
 * each other.
 */
export async function createRedisNodeBus<M>(
  redis: Redis,
  name: string,
  onError: (error: unknown) => void,
): Promise<NodeBus<M>> {
  const channel = `${redis.options.keyPrefix ?? ''}${name}`;
  const subscriber = redis.duplicate();
  // Its connection errors while Redis is away are the bus's (ioredis reconnects and subscribes
  // again by itself); without a listener ioredis prints each one as an "Unhandled error event".
  subscriber.on('error', onError);
  const handlers: ((message: M) => void)[] = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: M;
    try {
      message = JSON.parse(text) as M;
    } catch (error) {
      onError(error);
      return;
    }
    handlers.forEach((handler) => handler(message));
  });
  await subscriber.subscribe(channel);
  return {
    publish(message) {
      redis.publish(channel, JSON.stringify(message)).catch(onError);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
