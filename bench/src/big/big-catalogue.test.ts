import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bigCatalogueTables, contentCount, type BigSizes } from './big-catalogue';
import { seedBigCatalogue } from './seed-big';

// The scale benchmark's generator (docs/big-catalogue.md) on a tiny size: the full one is
// `npm run big -w @playz/bench`, far too slow for a test.
const TINY: BigSizes = {
  films: 40,
  series: 3,
  seasonsPerSeries: 2,
  episodesPerSeason: 3,
  guideDays: 2,
  customers: 30,
  watchHistory: 300,
  customersPerBilling: 2,
  promoCodes: 4,
};
const NOW = new Date('2026-11-29T12:00:00Z');
const rowsOf = (sizes: BigSizes, table: string) => {
  const t = bigCatalogueTables(sizes, NOW).find((x) => x.table === table)!;
  return Array.from({ length: t.count }, (_, i) => Object.fromEntries(t.columns.map((c, k) => [c, t.row(i)[k]])));
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the big catalogue generator (docs/big-catalogue.md)', () => {
  it('makes the same rows on every run', () => {
    for (const table of ['contents', 'customers', 'processing', 'billings', 'schedules'])
      expect(rowsOf(TINY, table)).toEqual(rowsOf(TINY, table));
  });

  it('makes films and episodes of seasons of series, each episode in a season of its series', () => {
    const contents = rowsOf(TINY, 'contents');
    const lists = rowsOf(TINY, 'content_lists');
    expect(contents).toHaveLength(contentCount(TINY));
    expect(contents.filter((c) => c.content_type === 'Film')).toHaveLength(40);
    expect(lists.filter((l) => l.type === 'Series')).toHaveLength(3);
    const seasons = new Map(lists.filter((l) => l.type === 'Season').map((l) => [l.id, l]));
    expect(seasons.size).toBe(6);
    const episodes = contents.filter((c) => c.content_type === 'Episode');
    expect(episodes).toHaveLength(18);
    for (const e of episodes) expect(seasons.get(e.content_list_id)?.parent_id).toBeGreaterThanOrEqual(100_000);
    expect(new Set(contents.map((c) => c.id)).size).toBe(contents.length);
  });

  it('gives each customer distinct resume points on contents that exist, and unique logins, phones and billing ids', () => {
    const contentIds = new Set(rowsOf(TINY, 'contents').map((c) => c.id));
    const history = rowsOf(TINY, 'processing');
    expect(history).toHaveLength(300);
    expect(new Set(history.map((h) => `${h.customer_id}/${h.content_id}`)).size).toBe(300);
    for (const h of history) expect(contentIds.has(h.content_id)).toBe(true);
    const customers = rowsOf(TINY, 'customers');
    expect(new Set(customers.map((c) => c.login)).size).toBe(30);
    expect(new Set(customers.map((c) => c.phone_number)).size).toBe(30);
    const billings = rowsOf(TINY, 'billings');
    expect(billings).toHaveLength(15);
    // The console's search tries a query shaped like a billing id (support-lookup.ts).
    for (const b of billings) expect(b.id).toMatch(/^[0-9a-z-]{16,64}$/i);
  });

  it('writes the guide of the 20 demo channels over its days', () => {
    const guide = rowsOf(TINY, 'schedules');
    expect(new Set(guide.map((s) => s.channel_id)).size).toBe(20);
    expect(new Set(guide.map((s) => s.id)).size).toBe(guide.length);
    const times = guide.map((s) => Date.parse(s.date_scheduled as string));
    expect(Math.min(...times)).toBeLessThanOrEqual(NOW.getTime() - 24 * 3600_000);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(NOW.getTime() + 23 * 3600_000);
  });

  it('seeds a SQLite data folder over the demo data once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-big-test-'));
    dirs.push(dataDir);
    const first = await seedBigCatalogue({ dataDir, databaseUrl: null }, TINY, { now: NOW });
    expect(first.seeded).toBe(true);
    const again = await seedBigCatalogue({ dataDir, databaseUrl: null }, TINY, { now: NOW });
    expect(again.seeded).toBe(false);
    const file = new SQLite(path.join(dataDir, 'playz.sqlite'), { readonly: true });
    try {
      const count = (sql: string) => (file.prepare(sql).get() as { n: number }).n;
      expect(count('SELECT count(*) AS n FROM contents WHERE id >= 100000')).toBe(contentCount(TINY));
      expect(count('SELECT count(*) AS n FROM customers WHERE id >= 1000000')).toBe(30);
      expect(count('SELECT count(*) AS n FROM processing WHERE customer_id >= 1000000')).toBe(300);
      // The demo data is still there, under the big catalogue.
      expect(count("SELECT count(*) AS n FROM customers WHERE login = 'abonne@playz.fr'")).toBe(1);
      // Analysed once seeded: the planner has statistics for the big tables' indexes.
      expect(count("SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = 'processing'")).toBeGreaterThan(0);
    } finally {
      file.close();
    }
  });
});
