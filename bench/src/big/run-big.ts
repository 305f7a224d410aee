import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app';
import { encodeCursor } from '../../../apps/server/src/db/keyset-cursor';
import { prepareData } from '../../../apps/server/src/startup';
import { writeFixtureClips } from '../../../apps/server/test/support/live-media';
import { runLoad } from '../load';
import type { LoadResult } from '../load-settings';
import { signInStaff } from '../console/staff-sign-in';
import { logIn } from '../playz-server';
import { DEMO_SUBSCRIBER } from '../scenarios';
import {
  BIG_SIZES,
  FIRST_CUSTOMER_ID,
  bigBillingId,
  bigCustomerLogin,
  bigCustomerPhone,
  type BigSizes,
} from './big-catalogue';
import { explain, recordReads, type RecordedQuery } from './query-recorder';
import { seedBigCatalogue, serverConfig, type CatalogueTarget } from './seed-big';

/**
 * `npm run big -w @playz/bench`: the demo catalogue and a catalogue a hundred times bigger
 * (big-catalogue.ts), each served by the real server in this process, the same scenarios measured
 * on both in the same run, with the plan of every read each scenario makes. Writes its dialect's
 * section of docs/big-catalogue.md. `--db postgres` uses DATABASE_URL (or TEST_DATABASE_URL, as
 * `node scripts/with-postgres.mjs` gives) and makes the databases playz_big and playz_small there.
 */
const REPORT_FILE = fileURLToPath(new URL('../../../docs/big-catalogue.md', import.meta.url));

interface Actors {
  subscriber: string;
  staff: string;
}
interface BigScenario {
  name: string;
  /** Viewer reads: big within 2× of small (p50, p99). Console reads: p95 under 200 ms. */
  goal: 'ratio' | 'p95';
  actor: 'visitor' | 'subscriber' | 'staff';
  /** Paths asked in turn (a guide is one per channel). */
  paths: string[];
}

const CUSTOMER = 123_456;
/** Where the deep pages start: half-way through the big catalogue's 200,000 accounts. */
const DEEP_ID = FIRST_CUSTOMER_ID + 100_000;
const scenarios: BigScenario[] = [
  { name: 'Search "nuit"', goal: 'ratio', actor: 'visitor', paths: ['/api/1.2/search?keywords=nuit'] },
  {
    name: 'Search "tempete" (finds Tempête)',
    goal: 'ratio',
    actor: 'visitor',
    paths: ['/api/1.2/search?keywords=tempete'],
  },
  { name: 'Home rows, logged', goal: 'ratio', actor: 'subscriber', paths: ['/api/1.2/page/home/rows?with_data=1'] },
  { name: 'Continue watching', goal: 'ratio', actor: 'subscriber', paths: ['/api/1.2/customer/content/processing'] },
  {
    name: 'Guide: the next 24 h of 20 channels (one request per channel)',
    goal: 'ratio',
    actor: 'visitor',
    paths: Array.from({ length: 20 }, (_, i) => `/api/1.2/channel/${i + 1}/schedule`),
  },
  { name: '/data, visitor', goal: 'ratio', actor: 'visitor', paths: ['/api/1.2/data'] },
  { name: '/data, logged', goal: 'ratio', actor: 'subscriber', paths: ['/api/1.2/data'] },
  {
    name: 'Console: customer by whole e-mail',
    goal: 'p95',
    actor: 'staff',
    paths: [`/api/admin/customers?q=${encodeURIComponent(bigCustomerLogin(CUSTOMER))}`],
  },
  {
    name: 'Console: customer by part of an e-mail',
    goal: 'p95',
    actor: 'staff',
    paths: [`/api/admin/customers?q=${encodeURIComponent(bigCustomerLogin(CUSTOMER).split('@')[0]!)}`],
  },
  {
    name: 'Console: customer by phone',
    goal: 'p95',
    actor: 'staff',
    paths: [`/api/admin/customers?q=${encodeURIComponent(`0${bigCustomerPhone(CUSTOMER).slice(3)}`)}`],
  },
  {
    name: 'Console: customer by billing id',
    goal: 'p95',
    actor: 'staff',
    paths: [`/api/admin/customers?q=${bigBillingId(CUSTOMER / 2)}`],
  },
  { name: 'Console: promo code list', goal: 'p95', actor: 'staff', paths: ['/api/admin/promo-codes'] },
  // The console's lists page by keyset (decision 110): the first page and one far into the list.
  { name: 'Console: newest customers, first page', goal: 'p95', actor: 'staff', paths: ['/api/admin/customers'] },
  {
    name: 'Console: newest customers, a page 100,000 accounts in (by cursor)',
    goal: 'p95',
    actor: 'staff',
    paths: [`/api/admin/customers?after=${encodeCursor('customers', [DEEP_ID])}`],
  },
  {
    name: 'Console: customers by e-mail beginning, a page 100,000 accounts in (by cursor)',
    goal: 'p95',
    actor: 'staff',
    paths: [
      `/api/admin/customers?q=${encodeURIComponent(bigCustomerLogin(CUSTOMER).split('.')[0]!)}.&after=${encodeCursor('customers', [DEEP_ID])}`,
    ],
  },
];

interface Measured {
  result: LoadResult;
  bytes: number;
  reads: RecordedQuery[];
}

async function startServer(target: CatalogueTarget) {
  const config = serverConfig(target);
  const database = await prepareData(config);
  writeFixtureClips(target.dataDir);
  const app = await buildApp(config, { database, streamSecret: 'bench-secret-bench-secret-bench-secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type Server = Awaited<ReturnType<typeof startServer>> & { actors: Actors; label: string };

/** The first answer of a scenario, with the reads it makes (caches are cold): their plans are shown. */
async function firstAnswer(server: Server, scenario: BigScenario, headers: Record<string, string>) {
  let bytes = 0;
  const reads = await recordReads(async () => {
    for (const p of scenario.paths) {
      const response = await fetch(`${server.baseUrl}${p}`, { headers });
      const body = await response.text();
      const envelope = JSON.parse(body) as { Error?: { Number?: number } };
      if (response.status !== 200 || (envelope.Error && envelope.Error.Number !== 0))
        throw new Error(`${server.label} ${scenario.name}: ${p} answered ${response.status}: ${body.slice(0, 300)}`);
      bytes += Buffer.byteLength(body);
    }
  });
  return { bytes, reads };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Both catalogues served at once, each scenario loaded in rounds small, big, small, big…: the
 * machine's drift (it is shared) falls on both sides alike. Each side keeps the median of its rounds.
 */
async function measureBoth(
  targets: { small: CatalogueTarget; big: CatalogueTarget },
  selected: BigScenario[],
  settings: { connections: number; warmupSeconds: number; durationSeconds: number },
  rounds: number,
): Promise<{ small: Map<string, Measured>; big: Map<string, Measured> }> {
  const servers: Server[] = [];
  const results = { small: new Map<string, Measured>(), big: new Map<string, Measured>() };
  try {
    for (const label of ['small', 'big'] as const) {
      const started = await startServer(targets[label]);
      servers.push({
        ...started,
        label,
        actors: {
          subscriber: await logIn(started.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password),
          staff: await signInStaff(started.baseUrl, started.database),
        },
      });
    }
    for (const scenario of selected) {
      const runs = new Map<Server, { first: { bytes: number; reads: RecordedQuery[] }; loads: LoadResult[] }>();
      for (const server of servers) {
        const headers: Record<string, string> =
          scenario.actor === 'visitor' ? {} : { cookie: server.actors[scenario.actor] };
        runs.set(server, { first: await firstAnswer(server, scenario, headers), loads: [] });
      }
      for (let round = 1; round <= rounds; round++) {
        for (const server of servers) {
          console.log(`${scenario.name}, round ${round}/${rounds}: ${server.label}…`);
          const headers: Record<string, string> =
            scenario.actor === 'visitor' ? {} : { cookie: server.actors[scenario.actor] };
          const result = await runLoad({
            url: `${server.baseUrl}${scenario.paths[0]}`,
            method: 'GET',
            headers,
            settings,
            ...(scenario.paths.length > 1 ? { paths: scenario.paths } : {}),
          });
          if (result.errors || result.timeouts || result.non2xx || result.totalRequests === 0)
            throw new Error(`${server.label} ${scenario.name}: ${JSON.stringify(result)}`);
          runs.get(server)!.loads.push(result);
        }
      }
      for (const server of servers) {
        const { first, loads } = runs.get(server)!;
        const of = (key: 'latencyP50' | 'latencyP95' | 'latencyP99' | 'requestsPerSecond') =>
          median(loads.map((l) => l[key]));
        results[server.label as 'small' | 'big'].set(scenario.name, {
          ...first,
          result: {
            ...loads[0]!,
            requestsPerSecond: of('requestsPerSecond'),
            latencyP50: of('latencyP50'),
            latencyP95: of('latencyP95'),
            latencyP99: of('latencyP99'),
            totalRequests: loads.reduce((sum, l) => sum + l.totalRequests, 0),
          },
        });
      }
    }
  } finally {
    for (const server of servers) await server.close();
  }
  return results;
}

async function postgresDatabase(baseUrl: string, name: string, fresh: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${name}`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const ratio = (big: number, small: number) => `${(big / small).toFixed(2)}×`;

function formatSection(input: {
  dialect: string;
  command: string;
  date: string;
  load: { start: number; end: number };
  settings: { connections: number; warmupSeconds: number; durationSeconds: number };
  rounds: number;
  seed: string;
  small: Map<string, Measured>;
  big: Map<string, Measured>;
  plans: Map<string, string[]>;
}): string {
  const lines: string[] = [];
  lines.push(
    `Measured ${input.date} by \`${input.command}\` (${input.settings.connections} connections, ${input.settings.warmupSeconds} s warm-up + ${input.settings.durationSeconds} s measured per round, ${input.rounds} rounds per catalogue alternating small and big, medians shown); 1-minute load average ${input.load.start.toFixed(2)} at the start, ${input.load.end.toFixed(2)} at the end (${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} cores available, shared). ${input.seed}`,
    '',
    '| Scenario | Small p50 / p95 / p99 (ms) | Big p50 / p95 / p99 (ms) | Big / small p50 | Big / small p99 | Goal | Answer bytes small → big |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
  );
  for (const [name, big] of input.big) {
    const small = input.small.get(name)!;
    const scenario = scenarios.find((s) => s.name === name)!;
    const s = small.result;
    const b = big.result;
    const met =
      scenario.goal === 'ratio'
        ? b.latencyP50 <= 2 * s.latencyP50 && b.latencyP99 <= 2 * s.latencyP99
          ? 'within 2×: met'
          : 'within 2×: **not met**'
        : b.latencyP95 < 200
          ? 'p95 < 200 ms: met'
          : 'p95 < 200 ms: **not met**';
    lines.push(
      `| ${name} | ${ms(s.latencyP50)} / ${ms(s.latencyP95)} / ${ms(s.latencyP99)} | ${ms(b.latencyP50)} / ${ms(b.latencyP95)} / ${ms(b.latencyP99)} | ${ratio(b.latencyP50, s.latencyP50)} | ${ratio(b.latencyP99, s.latencyP99)} | ${met} | ${small.bytes.toLocaleString('en')} → ${big.bytes.toLocaleString('en')} |`,
    );
  }
  lines.push('', '#### Query plans on the big catalogue', '');
  for (const [name, big] of input.big) {
    lines.push(`<details><summary>${name}: ${big.reads.length} reads</summary>`, '');
    const plans = input.plans.get(name) ?? [];
    big.reads.forEach((read, i) => {
      lines.push('```sql', read.sql.replace(/\s+/g, ' ').trim(), '```', '', '```text', plans[i] ?? '', '```', '');
    });
    lines.push('</details>', '');
  }
  return lines.join('\n');
}

function writeSection(dialect: 'sqlite' | 'postgres', body: string) {
  const start = `<!-- big-catalogue:${dialect} -->`;
  const end = `<!-- /big-catalogue:${dialect} -->`;
  const previous = fs.readFileSync(REPORT_FILE, 'utf8');
  const block = `${start}\n${body.trimEnd()}\n${end}`;
  const from = previous.indexOf(start);
  const to = previous.indexOf(end);
  const next =
    from >= 0 && to > from
      ? previous.slice(0, from) + block + previous.slice(to + end.length)
      : `${previous.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(REPORT_FILE, next);
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      data: { type: 'string', default: path.join(os.tmpdir(), 'playz-big') },
      connections: { type: 'string', default: '4' },
      warmup: { type: 'string', default: '1' },
      duration: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      only: { type: 'string', default: '' },
      'seed-only': { type: 'boolean', default: false },
      /** A fraction of the sizes (0.01: a hundredth), for a quick look at the command itself. */
      scale: { type: 'string', default: '1' },
    },
  });
  const dialect = values.db === 'postgres' ? 'postgres' : 'sqlite';
  const scale = Number(values.scale);
  const sizes: BigSizes = Object.fromEntries(
    Object.entries(BIG_SIZES).map(([key, value]) => [
      key,
      ['seasonsPerSeries', 'episodesPerSeason', 'guideDays', 'customersPerBilling'].includes(key)
        ? value
        : Math.max(1, Math.round(value * scale)),
    ]),
  ) as unknown as BigSizes;
  const settings = {
    connections: Number(values.connections),
    warmupSeconds: Number(values.warmup),
    durationSeconds: Number(values.duration),
  };
  const loadStart = os.loadavg()[0] ?? 0;
  const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
  if (dialect === 'postgres' && !baseUrl)
    throw new Error('--db postgres needs DATABASE_URL (or run it under node scripts/with-postgres.mjs)');
  // Each scale keeps its own copy: a quick look at a hundredth never reads the full one.
  const suffix = scale === 1 ? '' : `-${String(scale).replace('.', '_')}`;
  const bigDir = path.join(values.data, `${dialect}-big${suffix}`);
  fs.mkdirSync(bigDir, { recursive: true });
  const big: CatalogueTarget = {
    dataDir: bigDir,
    databaseUrl: dialect === 'postgres' ? await postgresDatabase(baseUrl!, `playz_big${suffix}`, false) : null,
  };

  console.log(`Seeding the big catalogue in ${big.databaseUrl ?? bigDir} (kept for the next runs)…`);
  const seeded = await seedBigCatalogue(big, sizes, { log: console.log });
  const seedFile = path.join(bigDir, 'seed-timing.json');
  if (seeded.seeded) fs.writeFileSync(seedFile, JSON.stringify({ ...seeded, sizes, load: os.loadavg()[0] }));
  const timing = JSON.parse(fs.readFileSync(seedFile, 'utf8')) as typeof seeded & { load: number };
  const seedText = `The big catalogue's seed took ${timing.seconds.toFixed(0)} s (${timing.tables
    .map((t) => `${t.table} ${t.rows.toLocaleString('en')} rows in ${t.seconds.toFixed(1)} s`)
    .join(', ')}; load average ${timing.load.toFixed(1)} at its end).`;
  console.log(seedText);
  if (values['seed-only']) return;

  const smallDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-small-'));
  const small: CatalogueTarget = {
    dataDir: smallDir,
    databaseUrl: dialect === 'postgres' ? await postgresDatabase(baseUrl!, 'playz_small', true) : null,
  };
  const selected = scenarios.filter((s) => s.name.toLowerCase().includes(values.only.toLowerCase()));
  try {
    const { small: smallResults, big: bigResults } = await measureBoth(
      { small, big },
      selected,
      settings,
      Number(values.rounds),
    );
    const plans = new Map<string, string[]>();
    for (const [name, m] of bigResults) {
      plans.set(
        name,
        await explain(
          big.databaseUrl ? { databaseUrl: big.databaseUrl } : { sqliteFile: path.join(bigDir, 'playz.sqlite') },
          m.reads,
        ),
      );
    }
    const section = formatSection({
      dialect,
      command: `npm run big -w @playz/bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      date: new Date().toISOString(),
      load: { start: loadStart, end: os.loadavg()[0] ?? 0 },
      settings,
      rounds: Number(values.rounds),
      seed: seedText,
      small: smallResults,
      big: bigResults,
      plans,
    });
    writeSection(dialect, `### ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}\n\n${section}`);
    console.log(section.split('#### Query plans')[0]);
    console.log(`Wrote ${REPORT_FILE}`);
  } finally {
    fs.rmSync(smallDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
