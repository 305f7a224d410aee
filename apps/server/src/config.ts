import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  billingConfig,
  billingEnv,
  billingStandInSecrets,
  type BillingConfig,
} from './modules/billing/providers/config';
import { settingsOnlyADemoMayUse } from './demo-mode';
import { parseTagHosts } from './lib/tag-hosts';
import {
  ssoConfigProblems,
  ssoEnv,
  ssoProvidersConfig,
  ssoStandInSecrets,
  type SsoProviderConfig,
} from './modules/sso/providers/config';
import { webPushConfig, webPushEnv, type WebPushConfig } from './modules/alerts/push/web-push-config';
import { staffPasskeyConfig, staffPasskeyEnv, type StaffPasskeyConfig } from './modules/staff/passkey-config';

/** The repository root: DATA_DIR and the web build are found from here, whatever the cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const portSchema = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  /**
   * Unset is production (decision 073): a start that says nothing is a real one, never a demo;
   * development and tests say so (vitest sets test, `npm start` sets production with PLAYZ_DEMO=1).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * The demo mode (decision 047): payments and sign-on go to the local stand-ins, which speak the
   * providers' protocols with keys published in this repository. On only when asked: PLAYZ_DEMO=1
   * (`npm start`), or NODE_ENV=development or test stated (decision 073). A start without it
   * refuses every stand-in.
   */
  PLAYZ_DEMO: z.enum(['0', '1']).optional(),
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
  /** View streams an account may play at once; the next device gets the devices-limit dialog. */
  MAX_SIMULTANEOUS_DEVICES: z.coerce.number().int().min(1).max(100).default(3),
  /** The largest video an editor may upload from the console (decision 094): 4 GiB by default. */
  ADMIN_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 40)
    .default(4 * 2 ** 30),
  /** Hours after which an upload begun and left unfinished is removed (decision 107). */
  ADMIN_UPLOAD_ABANDON_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Addresses or CIDR ranges of the reverse proxies in front (nginx, a load balancer), comma
   * separated: only their X-Forwarded-For is believed. Unset: the client address is the socket's,
   * so nobody can pick the address that per-address limits count.
   */
  TRUSTED_PROXIES: z
    .string()
    .regex(/^[0-9a-fA-F.:/,\s]+$/, 'must be IP addresses or CIDR ranges, comma separated')
    .optional(),
  /**
   * Bearer token for GET /metrics (Prometheus). Unset: /metrics answers loopback callers only
   * (a scraper on the same host); set it when the scraper comes through the network.
   */
  /**
   * Seconds between SIGTERM and closing the listener, /readyz answering 503 meanwhile: at least
   * the load balancer's health-check interval when several nodes run behind one (decision 038).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /**
   * Open connections this node accepts at most (decision 126); past it a new connection is closed
   * at once. A node that falls behind then refuses new viewers instead of growing its memory with
   * their queued requests. Remote-control sockets count: the default is above the ~8,500 a node
   * was measured holding (decision 034's fan-out, decision 126 addendum). 0: no bound.
   */
  MAX_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FFMPEG_PATH: z.string().optional(),
  /** HMAC key of signed stream URLs; set the same value on every node behind a load balancer. */
  STREAM_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Lifetime of the segment URLs written into VOD and replay manifests (decision 022): how long
   * a copied segment URL outlives its session at most. Players ask for a new URL when it ends.
   */
  STREAM_SEGMENT_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /**
   * Run the encoders of Stream channels on this node (decision 022): on by default, off in tests;
   * with several nodes, turn it on for one.
   */
  LIVE_INGEST: z.enum(['0', '1']).optional(),
  /**
   * The built web app to serve (default apps/web/dist). The e2e run builds its own copy: anyone's
   * `npm start` in the same checkout rebuilds apps/web/dist, and a build swapped under a running
   * server makes its pages ask for chunks that are gone (404, "page crashed").
   */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** The built TV app served at /tv (default apps/tv/dist); the e2e run builds its own, as for the web. */
  TV_DIST_DIR: z.string().min(1).optional(),
  ADMIN_DIST_DIR: z.string().min(1).optional(),
  /**
   * Licence servers of commercial DRM (decision 024): Playz checks its single-use token, then
   * forwards the CDM's request there. Unset: ClearKey only, served by Playz itself.
   */
  DRM_WIDEVINE_LICENSE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DRM_FAIRPLAY_LICENSE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DRM_FAIRPLAY_CERTIFICATE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Skip generating demo media (API tests, benchmarks): the catalogue is seeded without video. */
  PLAYZ_SKIP_MEDIA: z.enum(['0', '1']).default('0'),
  /** Mail goes through this SMTP server; unset: written to DATA_DIR/outbox/mail (docs/decisions/011). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Playz <no-reply@playz.fr>'),
  /** SMS are POSTed to this HTTP gateway; unset: written to DATA_DIR/outbox/sms. */
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Outbox files older than this many days are removed, at start and hourly (decision 019). */
  OUTBOX_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Base URL of the local sign-on providers (npm run sandbox); the default outside production. */
  SSO_SANDBOX_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Web Push of the alerts (decision 066): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, one pair for every
   * node, and VAPID_SUBJECT (default: mailto: MAIL_FROM's address). Unset: the demo mode makes a pair
   * once and keeps it in DATA_DIR; a production start sends no push.
   */
  ...webPushEnv,
  /** Payment providers (decision 025): each provider's own settings, see README "Payments". */
  ...billingEnv,
  /** Social sign-on (decision 078): each provider's own settings, see README. */
  ...ssoEnv,
  /**
   * Third-party hosts (https origins, comma-separated) the web app may load marketing tags from,
   * script or frame (decision 088): the CSP allows exactly these. Unset: image pixels only.
   */
  MARKETING_TAG_HOSTS: z.string().max(2000).optional(),
  /** Staff passkeys (decision 095): the relying party id and the console's origin. */
  ...staffPasskeyEnv,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /** Stand-ins may run (decision 047): never true in a production start without PLAYZ_DEMO=1. */
  demo: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Simultaneous View streams per account (docs/decisions/018). */
  maxSimultaneousDevices: number;
  publicUrl: string;
  isHttps: boolean;
  /** Proxies whose X-Forwarded-For is believed (empty: none). */
  trustedProxies: string[];
  logLevel: string;
  /** SIGTERM: seconds of /readyz 503 before the listener closes. */
  shutdownDrainSeconds: number;
  /** Open connections accepted at most (server.maxConnections); 0: no bound. */
  maxConnections: number;
  /** Colour log lines for a person at a terminal instead of JSON. */
  prettyLogs: boolean;
  /** GET /metrics bearer token; null: loopback callers only. */
  metricsToken: string | null;
  ffmpegPath: string | null;
  streamSecret: string | null;
  /** Lifetime of segment grants in VOD and replay manifests (decision 022). */
  segmentGrantSeconds: number;
  skipMedia: boolean;
  /** Upstream licence servers for Widevine and FairPlay (decision 024); null: ClearKey only. */
  drmProxies: { widevine: string | null; fairplay: string | null; fairplayCertificate: string | null };
  /** This node runs the Stream channels' encoders. */
  liveIngest: boolean;
  webDistDir: string;
  /** The built TV app (apps/tv/dist unless TV_DIST_DIR says otherwise), served at /tv. */
  tvDistDir: string;
  /** The built operator's console (apps/admin/dist unless ADMIN_DIST_DIR says otherwise), served at /admin. */
  adminDistDir: string;
  /** The console's upload cap in bytes (decision 094). */
  adminUploadMaxBytes: number;
  /** Hours after which an unfinished upload is removed (ADMIN_UPLOAD_ABANDON_HOURS, decision 107). */
  adminUploadAbandonHours: number;
  smtpUrl: string | null;
  mailFrom: string;
  smsGatewayUrl: string | null;
  /** Age in days after which DATA_DIR/outbox files are pruned. */
  outboxMaxAgeDays: number;
  /** Enabled social sign-on providers (App.singleSignOns). */
  ssoProviders: SsoProviderConfig[];
  /** Payment providers and the stand-ins mounted for those without settings (decision 025). */
  billing: BillingConfig;
  /** The VAPID key pair and subject of Web Push (decision 066). */
  webPush: WebPushConfig;
  /** Hosts the web app may load marketing tags from, script or frame (decision 088). */
  marketingTagHosts: string[];
  /** Where staff passkeys are valid (decision 095); null: passkeys are off, TOTP only. */
  staffPasskeys: StaffPasskeyConfig | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once (CONVENTIONS 5); every bad variable is named in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Read before the schema, so a placeholder too short for its setting is named as a placeholder.
  // Asked for explicitly only: an unset NODE_ENV is not a demo (decision 073).
  const askedByEnv = clean.NODE_ENV === 'development' || clean.NODE_ENV === 'test';
  const demo = (clean.PLAYZ_DEMO ?? (askedByEnv ? '1' : '0')) === '1';
  const settings = Object.fromEntries(Object.entries(clean).filter(([name]) => name in envSchema.shape));
  const demoProblems = demo ? [] : settingsOnlyADemoMayUse(settings, standInSecrets());
  const parsed = envSchema.safeParse(clean);
  const schemaProblems = parsed.success
    ? []
    : parsed.error.issues
        .filter((i) => !demoProblems.some((p) => p.startsWith(`${String(i.path[0])}:`)))
        .map((i) => `${i.path.join('.')}=${JSON.stringify(clean[String(i.path[0])] ?? '')}: ${i.message}`);
  // A provider given in part is named (outside the demo mode, where no stand-in fills the rest).
  const ssoProblems = demo ? [] : ssoConfigProblems(settings);
  if (!parsed.success || demoProblems.length > 0 || ssoProblems.length > 0)
    throw new ConfigError([...demoProblems, ...schemaProblems, ...ssoProblems]);
  const e = parsed.data;
  const webPush = webPushConfig(e);
  if (webPush.problems.length > 0) throw new ConfigError(webPush.problems);
  const tagHosts = parseTagHosts(e.MARKETING_TAG_HOSTS);
  if (tagHosts.problems.length > 0) throw new ConfigError(tagHosts.problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const passkeys = staffPasskeyConfig(e, publicUrl, demo);
  if (passkeys.problems.length > 0) throw new ConfigError(passkeys.problems);
  return {
    env: e.NODE_ENV,
    demo,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    maxSimultaneousDevices: e.MAX_SIMULTANEOUS_DEVICES,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    trustedProxies: (e.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    maxConnections: e.MAX_CONNECTIONS,
    // A person at a terminal reads lines; a collector, a file or CI reads JSON.
    prettyLogs: Boolean(process.stdout.isTTY) && e.NODE_ENV !== 'test',
    ffmpegPath: e.FFMPEG_PATH ?? null,
    streamSecret: e.STREAM_SECRET ?? null,
    segmentGrantSeconds: e.STREAM_SEGMENT_TTL_SECONDS,
    skipMedia: e.PLAYZ_SKIP_MEDIA === '1',
    drmProxies: {
      widevine: e.DRM_WIDEVINE_LICENSE_URL ?? null,
      fairplay: e.DRM_FAIRPLAY_LICENSE_URL ?? null,
      fairplayCertificate: e.DRM_FAIRPLAY_CERTIFICATE_URL ?? null,
    },
    // On by default unless media is skipped; LIVE_INGEST=1 runs it anyway (the encoder needs no demo
    // media: a test of the encoder's life with the server starts quickly).
    liveIngest: (e.LIVE_INGEST ?? (e.NODE_ENV === 'test' || e.PLAYZ_SKIP_MEDIA === '1' ? '0' : '1')) === '1',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    tvDistDir: e.TV_DIST_DIR ? path.resolve(e.TV_DIST_DIR) : path.join(REPO_ROOT, 'apps/tv/dist'),
    adminUploadMaxBytes: e.ADMIN_UPLOAD_MAX_BYTES,
    adminUploadAbandonHours: e.ADMIN_UPLOAD_ABANDON_HOURS,
    adminDistDir: e.ADMIN_DIST_DIR ? path.resolve(e.ADMIN_DIST_DIR) : path.join(REPO_ROOT, 'apps/admin/dist'),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    smsGatewayUrl: e.SMS_GATEWAY_URL ?? null,
    outboxMaxAgeDays: e.OUTBOX_MAX_AGE_DAYS,
    ssoProviders: ssoProviders(e as unknown as Record<string, string | undefined>, demo),
    billing: billingConfig(e, publicUrl, demo),
    webPush: webPush.config,
    marketingTagHosts: tagHosts.hosts,
    staffPasskeys: passkeys.config,
  };
}

/**
 * Sign-on providers (decision 078): each on with its own settings; in the demo mode the stand-ins
 * (`npm run sandbox`, SSO_SANDBOX_URL, default http://localhost:4001) fill the gaps (decision 047).
 */
function ssoProviders(e: Record<string, string | undefined>, demo: boolean): SsoProviderConfig[] {
  const sandbox = e.SSO_SANDBOX_URL ?? (demo ? 'http://localhost:4001' : undefined);
  return ssoProvidersConfig(e, sandbox ?? null);
}

/** Every key published with a stand-in: a production start refuses them (decision 047). */
const standInSecrets = () => [...ssoStandInSecrets, ...billingStandInSecrets];
