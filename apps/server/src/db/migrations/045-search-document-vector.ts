import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * PostgreSQL's search documents keep their full-text vector (decision 117). The GIN index of
 * migration 004 was over an expression: it found the matching rows, but each match's vector was
 * made again from its title and body, once to recheck the row and once more for `ts_rank`. A word
 * common in a catalogue of 20,000 contents matches thousands of documents, and the console's title
 * search took 671 ms p50 / 1,286 ms p95 there (docs/benchmarks.md, Console at scale). The vector is
 * now a stored generated column, indexed: the match and the rank read it as it is. SQLite's FTS5
 * table already keeps its index.
 */
export function searchDocumentVectorMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE search_documents ADD COLUMN document tsvector GENERATED ALWAYS AS
        (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')) STORED`.execute(
        db,
      );
      await sql`DROP INDEX search_documents_fts`.execute(db);
      await sql`CREATE INDEX search_documents_document ON search_documents USING GIN (document)`.execute(db);
    },
  };
}
