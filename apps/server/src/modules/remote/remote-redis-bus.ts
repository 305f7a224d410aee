import type { Redis } from 'ioredis';
import { createRedisNodeBus } from '../../lib/node-bus';
import type { BusMessage, RemoteBus } from './remote-bus';

/** Several API nodes (REDIS_URL): the hubs' Redis channel `remote` (decision 034). */
export function createRedisBus(redis: Redis, onError: (error: unknown) => void): Promise<RemoteBus> {
  return createRedisNodeBus<BusMessage>(redis, 'remote', onError);
}
