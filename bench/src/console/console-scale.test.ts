import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_CUSTOMER_ID, FIRST_FILM_ID, bigCustomerLogin, type BigSizes } from '../big/big-catalogue';
import { consoleAnswer, seedConsole, startConsoleServer, type ConsoleRun } from './console-measure';
import { formatConsoleSection, goalVerdict } from './console-report';
import { consoleSettings } from './console-run';
import {
  CONSOLE_SCALE_HEADING,
  CONSOLE_SIZES,
  RARE_ACTOR,
  consoleScenarios,
  selectConsoleScenarios,
} from './console-scale';

// The console at scale as `npm run bench` runs it (decision 117), on a tiny size: the full seed
// (100,000 customers, 20,000 contents) takes minutes. Each line's request is asked once, as the
// benchmark's first answer is, by a staff member signed in as the console does.
const TINY: BigSizes = {
  films: 60,
  series: 3,
  seasonsPerSeries: 2,
  episodesPerSeason: 3,
  guideDays: 2,
  customers: 400,
  watchHistory: 200,
  customersPerBilling: 2,
  promoCodes: 60,
};
const EXTRAS = { auditEntries: 2_000, deadLetters: 100 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-console-scale-test-'));
let server: Awaited<ReturnType<typeof startConsoleServer>>;
let cookie = '';
const answer = async <T>(name: string): Promise<T> => {
  const scenario = consoleScenarios(TINY).find((s) => s.name === name);
  if (!scenario) throw new Error(`no line ${name}`);
  return (JSON.parse((await consoleAnswer(server.baseUrl, cookie, scenario.path)).body) as { Response: T }).Response;
};

beforeAll(async () => {
  const target = { dataDir, databaseUrl: null };
  const seed = await seedConsole(target, () => {}, TINY, EXTRAS);
  expect(seed.made).toBe(true);
  server = await startConsoleServer(target);
  cookie = await server.signIn();
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run bench: the console at scale (decision 117)', () => {
  it('runs by default, with --only naming the group or one of its lines, and not with --skip-console-scale', () => {
    const all = consoleScenarios(CONSOLE_SIZES);
    expect(all).toHaveLength(14);
    expect(selectConsoleScenarios(all, '', false)).toEqual(all);
    expect(selectConsoleScenarios(all, 'console at', false)).toEqual(all);
    expect(selectConsoleScenarios(all, 'Audit log', false).map((s) => s.name)).toEqual([
      'Audit log: first page',
      'Audit log: filtered by one staff member',
    ]);
    expect(selectConsoleScenarios(all, 'App data', false)).toEqual([]);
    expect(selectConsoleScenarios(all, '', true)).toEqual([]);
    // A few staff at once: at most 4 connections and 5 s a round, whatever the HTTP scenarios use.
    expect(consoleSettings({ connections: 10, warmupSeconds: 2, durationSeconds: 8, rounds: 2 })).toEqual({
      connections: 4,
      warmupSeconds: 2,
      durationSeconds: 5,
      rounds: 2,
    });
  });

  it('keeps its seed: a second run reads the data on disk as it is', async () => {
    const again = await seedConsole({ dataDir, databaseUrl: null }, () => {}, TINY, EXTRAS);
    expect(again.made).toBe(false);
    expect(again.seconds).toBeGreaterThanOrEqual(0);
  });

  it('seeds again a kept seed migrated by a migration this tree no longer has (a renamed one)', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-console-scale-test-'));
    try {
      expect((await seedConsole({ dataDir: other, databaseUrl: null }, () => {}, TINY, EXTRAS)).made).toBe(true);
      const file = new SQLite(path.join(other, 'playz.sqlite'));
      file.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('043-renamed-since', 'x');
      file.close();
      const lines: string[] = [];
      const again = await seedConsole({ dataDir: other, databaseUrl: null }, (l) => lines.push(l), TINY, EXTRAS);
      expect(again.made).toBe(true);
      expect(lines.join('\n')).toContain('043-renamed-since');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('spec admin: support finds the customer by the beginning of the e-mail, the phone and the billing id', async () => {
    const customer = Math.floor(TINY.customers * 0.54321);
    const id = FIRST_CUSTOMER_ID + customer;
    type Found = { customers: { id: number; login: string | null }[] };
    const byEmail = await answer<Found>('Customers: search by e-mail beginning');
    expect(byEmail.customers.map((c) => c.login)).toContain(bigCustomerLogin(customer));
    expect((await answer<Found>('Customers: search by phone')).customers.map((c) => c.id)).toEqual([id]);
    const billing = FIRST_CUSTOMER_ID + Math.floor(customer / 2) * 2;
    expect((await answer<Found>('Customers: search by billing id')).customers.map((c) => c.id)).toContain(billing);
  });

  it('spec admin: the newest customers and a page half-way by cursor, 20 each, newest first', async () => {
    type Page = { customers: { id: number }[]; next: string | null };
    const first = await answer<Page>('Customers: newest, first page');
    expect(first.customers).toHaveLength(20);
    expect(first.customers[0]!.id).toBe(FIRST_CUSTOMER_ID + TINY.customers - 1);
    const deep = await answer<Page>('Customers: newest, a page half-way (by cursor)');
    expect(deep.customers).toHaveLength(20);
    expect(deep.customers[0]!.id).toBe(FIRST_CUSTOMER_ID + TINY.customers / 2 - 1);
  });

  it('spec admin: the contents made from uploads, a deep page, the uploads and a search by title', async () => {
    type Contents = { contents: { contentId: number }[]; next: string | null };
    const contents = await answer<Contents>('Contents: list, first page');
    expect(contents.contents).toHaveLength(25);
    expect(contents.contents[0]!.contentId).toBe(FIRST_FILM_ID + TINY.films - 1);
    const deep = await answer<Contents>('Contents: list, a page half-way (by cursor)');
    expect(deep.contents[0]!.contentId).toBe(FIRST_FILM_ID + TINY.films / 2 - 1);
    const uploads = await answer<{ uploads: { status: string; contentId: number | null }[] }>(
      'Uploads: list, first page',
    );
    expect(uploads.uploads).toHaveLength(25);
    expect(uploads.uploads[0]).toMatchObject({ status: 'done', contentId: FIRST_FILM_ID + TINY.films - 1 });
    const found = await answer<{ contents: { title: string }[] }>('Contents: search by title');
    expect(found.contents.length).toBeGreaterThan(0);
    for (const c of found.contents) expect(c.title.toLowerCase()).toContain('tempête');
    const series = await answer<{ series: { title: string }[] }>('Series: search by title');
    for (const s of series.series) expect(s.title.toLowerCase()).toMatch(/\bstorm/);
  });

  it('spec admin: promo codes, the audit log (a page and one staff member’s entries) and the dead-letter list', async () => {
    const codes = await answer<{ promoCodes: unknown[]; next: string | null }>('Promo codes: first page');
    expect(codes.promoCodes).toHaveLength(50);
    expect(codes.next).not.toBeNull();
    const audit = await answer<{ entries: { actor: string }[] }>('Audit log: first page');
    expect(audit.entries).toHaveLength(50);
    const rare = await answer<{ entries: { actor: string }[] }>('Audit log: filtered by one staff member');
    expect(rare.entries).toHaveLength(EXTRAS.auditEntries / 500);
    for (const e of rare.entries) expect(e.actor).toBe(RARE_ACTOR);
    const dead = await answer<{ jobs: unknown[]; total: number }>('Jobs: dead-letter list');
    expect(dead).toMatchObject({ total: 100 });
    expect(dead.jobs).toHaveLength(25);
  });

  it('writes one table with the 200 ms goal on each line and database, and says why a database has no numbers', () => {
    expect(goalVerdict(199.9)).toBe('met');
    expect(goalVerdict(200)).toBe('**not met**');
    const scenarios = consoleScenarios(TINY).slice(0, 2);
    const run: ConsoleRun = {
      dialect: 'sqlite',
      date: '2026-11-29T21:00:00.000Z',
      load: { start: 1, end: 2 },
      seed: { made: false, seconds: 90, tables: [{ table: 'customers', rows: 100_000, seconds: 3 }] },
      lines: [
        { ...scenarios[0]!, p50: 3, p95: 12.5, p99: 20, requestsPerSecond: 900, requests: 9000, bytes: 400, reads: [] },
        {
          ...scenarios[1]!,
          p50: 150,
          p95: 250,
          p99: 300,
          requestsPerSecond: 10,
          requests: 100,
          bytes: 400,
          reads: [{ sql: 'select 1', plan: 'SCAN customers' }],
        },
      ],
    };
    const section = formatConsoleSection({
      command: 'npm run bench',
      settings: { connections: 4, warmupSeconds: 1, durationSeconds: 5, rounds: 1 },
      cpu: 'test',
      scenarios,
      runs: [run],
      missing: { postgres: 'no PostgreSQL 15' },
    });
    expect(section.startsWith(`${CONSOLE_SCALE_HEADING}\n`)).toBe(true);
    const row = (name: string) =>
      section
        .split('\n')
        .find((l) => l.startsWith(`| ${name} |`))!
        .split(' | ');
    expect(row(scenarios[0]!.name).slice(2, 6)).toEqual(['3.00 / 12.5', 'met', '—', 'not measured']);
    expect(row(scenarios[1]!.name).slice(2, 4)).toEqual(['150.0 / 250.0', '**not met**']);
    expect(section).toContain('PostgreSQL: not measured (no PostgreSQL 15)');
    expect(section).toContain('seed reused from disk (made in 90 s');
    expect(section).toContain('```text\nSCAN customers\n```');
  });
});
