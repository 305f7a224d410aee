import { Redis } from 'ioredis';

/**
 * The one Redis connection of an API node (REDIS_URL, ARCHITECTURE decision 2). Every key gets
 * `keyPrefix`, so several deployments (or test apps) can share one server without meeting.
 * A Redis that cannot be reached at start stops the start with its address's error, as a bad
 * setting does; later outages fail the calls that need it (5, logged) rather than counting in
 * process, which would silently multiply the limits by the number of nodes.
 */
export async function connectRedis(
  url: string,
  opts: { keyPrefix: string; onError?: (error: Error) => void },
): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix: opts.keyPrefix,
    lazyConnect: true,
    connectTimeout: 5_000,
    // A command waits for at most one reconnection instead of hanging a request.
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (error: Error) => opts.onError?.(error));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis (${error instanceof Error ? error.message : String(error)})`);
  }
  return redis;
}

/**
 * A Lua script run atomically by Redis (EVALSHA, loaded again after a server restart). Keys are
 * the first `numberOfKeys` arguments and get the connection's prefix like any other key.
 */
export function defineScript<T>(redis: Redis, name: string, lua: string, numberOfKeys: number) {
  redis.defineCommand(name, { lua, numberOfKeys });
  const command = (redis as unknown as Record<string, (...args: (string | number)[]) => Promise<T>>)[name]!;
  return (...args: (string | number)[]): Promise<T> => command.apply(redis, args);
}
