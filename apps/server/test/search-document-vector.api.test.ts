import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// Decision 117 (migration 045): PostgreSQL's search documents keep their weighted full-text
// vector, stored and indexed, so a match and its rank read it rather than making it again from the
// title and body of every match (the console's title search took 671 ms p50 on 20,000 contents).
// SQLite's FTS5 table keeps its own index; there the migration does nothing but is recorded.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('decision 117: the search documents keep their vector (spec 2 §7 search)', () => {
  it('migration 045 is run on either database', async () => {
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration WHERE name = '045-search-document-vector'`.execute(t.database.db);
    expect(rows).toHaveLength(1);
  });

  it('spec 2 §7 search: a match reads the stored vector through its index, title words weighted above the body', async () => {
    if (t.database.dialect === 'sqlite') {
      // FTS5 keeps its index in the table itself: the same search finds a title word.
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH 'aurores'`.execute(t.database.db);
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
      return;
    }
    const { rows: stored } = await sql<{ document: string }>`
      SELECT document::text AS document FROM search_documents WHERE title = 'les aurores' LIMIT 1`.execute(
      t.database.db,
    );
    expect(stored[0]?.document).toMatch(/'aurores':\d+A/);
    // A plan that must use the index: the planner is told to avoid a sequential scan.
    const plan = await t.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT kind, item_id, -ts_rank(document, q) AS rank
        FROM search_documents, to_tsquery('simple', 'aurore:*') q WHERE document @@ q ORDER BY rank`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('search_documents_document');
    expect(plan).not.toContain('to_tsvector');
  });
});
