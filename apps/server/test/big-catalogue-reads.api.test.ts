import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository';
import { createSupportView } from '../src/modules/accounts/support-view';
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository';
import { createTestApp, type TestApp } from './test-app';

// Reads that stay bounded in a catalogue a hundred times the demo (decision 100,
// docs/big-catalogue.md): their plans use an index, not a walk through a big table. Plans are
// asked of the test's own database, SQLite or PostgreSQL; on PostgreSQL sequential scans are
// priced out for the question, since a table this small would be scanned whatever its indexes.

const NOW = new Date('2026-11-29T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await t.database.db
    .insertInto('customers')
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        login: `lea.${i}@exemple.fr`,
        phone_number: `06${String(12_345_600 + i)}`,
        locale: 'fr',
        country: 'fr',
        optin: 0,
        has_domain_mailbox: 0,
        created_at: NOW.toISOString(),
      })),
    )
    .execute();
});
afterAll(() => t.close());

/** The database as `db`, keeping the SQL and values of every statement run through it. */
function recording(db: Kysely<Database>) {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), queries };
}

async function planOf(query: CompiledQuery): Promise<string> {
  const { db, dialect } = t.database;
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r.detail).join('\n');
  }
  return db.connection().execute(async (connection) => {
    await sql`SET enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`RESET enable_seqscan`.execute(connection);
    }
  });
}

/**
 * A plan that walks the whole table: SQLite's `SCAN <table>`, PostgreSQL's `Seq Scan on <table>` or
 * its primary key read end to end with a filter (what it picks to skip a sort when scans cost more).
 */
const scans = (plan: string, table: string) =>
  new RegExp(`(^|\\s)SCAN ${table}\\b|Seq Scan on ${table}\\b|using ${table}_pkey on ${table}\\b`).test(plan);

describe('decision 100: support finds a customer through indexes (console, customer search)', () => {
  it('by the beginning of an e-mail, a mobile number in any form or a customer UID, reading no table whole', async () => {
    const { db, queries } = recording(t.database.db);
    const support = createSupportView(db, () => NOW, t.database.dialect);
    const logins = async (q: string) => (await support.find(q)).map((c) => c.login);

    expect(await logins('lea.17@exemple.fr')).toEqual(['lea.17@exemple.fr']);
    expect(await logins('lea.1')).toEqual([
      'lea.19@exemple.fr',
      'lea.18@exemple.fr',
      'lea.17@exemple.fr',
      'lea.16@exemple.fr',
      'lea.15@exemple.fr',
      'lea.14@exemple.fr',
      'lea.13@exemple.fr',
      'lea.12@exemple.fr',
      'lea.11@exemple.fr',
      'lea.10@exemple.fr',
      'lea.1@exemple.fr',
    ]);
    // A LIKE wildcard typed by support is a character like any other.
    expect(await logins('lea_1')).toEqual([]);
    expect(await logins('+33 6 12 34 56 21')).toEqual(['lea.21@exemple.fr']);
    expect(await logins('06.12.34.56.22')).toEqual(['lea.22@exemple.fr']);
    expect(await logins('00000000-0000-4000-8000-000000000023')).toEqual(['lea.23@exemple.fr']);

    const reads = queries.filter((q) => /\bfrom "customers"/.test(q.sql));
    expect(reads.length).toBeGreaterThanOrEqual(6);
    for (const read of reads) expect(scans(await planOf(read), 'customers'), read.sql).toBe(false);
  });
});

describe('decision 100: a signed-in customer’s account reads its latest billing from an index (spec 1 §3 requestedUrl)', () => {
  it('without going through every payment', async () => {
    const { db, queries } = recording(t.database.db);
    expect(await createAccountsRepository(db).latestRequestedUrl(1)).toBeNull();
    const plan = await planOf(queries.find((q) => /from "billings"/.test(q.sql))!);
    expect(scans(plan, 'billings'), plan).toBe(false);
    expect(plan, plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});

describe('decision 100: home rows read the newest contents of a type or a genre from an index (spec 2 §2 Home rows)', () => {
  it('films newest first and a genre in order, without reading every content', async () => {
    const { db, queries } = recording(t.database.db);
    const repo = createCatalogueRepository(db);
    const films = await repo.listContentsByType('Film', 24);
    expect(films.length).toBeGreaterThan(0);
    expect(films.every((f) => f.content_type === 'Film')).toBe(true);
    await repo.listContentsByGenre('comedie', 24);
    const [byType, byGenre] = queries;
    const typePlan = await planOf(byType!);
    expect(scans(typePlan, 'contents'), typePlan).toBe(false);
    const genrePlan = await planOf(byGenre!);
    expect(scans(genrePlan, 'contents'), genrePlan).toBe(false);
    // In the index's order: no sort of the whole genre to keep a row's worth.
    expect(genrePlan, genrePlan).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it('a Series row holds a row’s worth of series, however many the catalogue has', async () => {
    await t.database.db
      .insertInto('content_lists')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: 90_000 + i,
          type: 'Series',
          name: `Série ${i}`,
          description: '',
          metadata: '{}',
          position: 100 + i,
          rating: 0,
        })),
      )
      .execute();
    const response = await t.app.inject({ url: '/api/1.2/page/home/rows?with_data=1' });
    const rows = response.json().Response.Rows as { rowType: string; data?: { Series?: unknown[] } }[];
    const series = rows.find((r) => r.rowType === 'Series');
    expect(series?.data?.Series).toHaveLength(24);
    // The whole list is still the series catalogue's.
    const all = (await t.app.inject({ url: '/api/1.2/series' })).json().Response.Series as unknown[];
    expect(all.length).toBeGreaterThanOrEqual(34);
  });
});
