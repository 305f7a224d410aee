/** Types of scripts/with-redis.mjs for the TypeScript tests that start their own Redis. */
export interface ThrowawayRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}
export function startRedis(): Promise<ThrowawayRedis>;
