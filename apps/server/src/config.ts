import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: DATA_DIR and the web build are found from here, whatever the cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const portSchema = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FFMPEG_PATH: z.string().optional(),
  /** HMAC key of signed stream URLs; set the same value on every node behind a load balancer. */
  STREAM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Skip generating demo media (API tests, benchmarks): the catalogue is seeded without video. */
  PLAYZ_SKIP_MEDIA: z.enum(['0', '1']).default('0'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  publicUrl: string;
  isHttps: boolean;
  logLevel: string;
  ffmpegPath: string | null;
  streamSecret: string | null;
  skipMedia: boolean;
  webDistDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once (CONVENTIONS 5); every bad variable is named in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join('.')}=${JSON.stringify(clean[String(i.path[0])] ?? '')}: ${i.message}`,
      ),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    ffmpegPath: e.FFMPEG_PATH ?? null,
    streamSecret: e.STREAM_SECRET ?? null,
    skipMedia: e.PLAYZ_SKIP_MEDIA === '1',
    webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
  };
}
