import type { Redis } from 'ioredis';
import type { BusMessage, RemoteBus } from './remote-bus';

/**
 * Several API nodes (REDIS_URL): one Redis pub/sub channel that every node's hub publishes to
 * and listens on (decision 034). A subscribed connection can do nothing else, so the bus opens
 * its own beside the node's. ioredis does not prefix channels, so the deployment's key prefix
 * is added here: test apps and deployments sharing a Redis do not hear each other.
 */
export async function createRedisBus(redis: Redis, onError: (error: unknown) => void): Promise<RemoteBus> {
  const channel = `${redis.options.keyPrefix ?? ''}remote`;
  const subscriber = redis.duplicate();
  const handlers: ((message: BusMessage) => void)[] = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
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
