import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connect';
import type { Database } from '../../db/schema';
import { foldSearchText } from './search-text';

export type SearchKind = 'Content' | 'ContentList' | 'Channel';
export interface SearchDocument {
  kind: SearchKind;
  item_id: number;
  title: string;
  body: string;
}
export interface SearchHit extends SearchDocument {
  /** Lower is better (FTS5 bm25 sign; PostgreSQL ts_rank is negated to match). */
  rank: number;
}

const MAX_CANDIDATES = 500;

function peopleNames(json: string | null | undefined): string[] {
  if (!json) return [];
  const people = JSON.parse(json) as Record<string, string[]>;
  return Object.values(people).flat();
}

/** What gets indexed: contents (with their series, channel and people), series and channels. */
async function buildDocuments(db: Kysely<Database>): Promise<SearchDocument[]> {
  const [contents, lists, channels, editorial] = await Promise.all([
    db.selectFrom('contents').selectAll().where('enabled', '=', 1).execute(),
    db.selectFrom('content_lists').selectAll().execute(),
    db.selectFrom('channels').selectAll().execute(),
    db.selectFrom('content_editorial').select(['content_id', 'texts']).execute(),
  ]);
  // A content is found by its title in each language an editor wrote it in (decision 107): a
  // viewer searches in the language the apps show it in. A series likewise (decision 117): its
  // en/nl/es titles are in `content_lists.texts` (decision 105), shown laid over as a content's.
  const titlesOf = (json: string | null | undefined): string[] => {
    if (!json) return [];
    const texts = JSON.parse(json) as Partial<Record<string, { title?: string }>>;
    return ['en', 'nl', 'es'].map((locale) => texts[locale]?.title ?? '').filter(Boolean);
  };
  const otherTitles = new Map(editorial.map((row) => [Number(row.content_id), titlesOf(row.texts)] as const));
  const listById = new Map(lists.map((l) => [l.id, l]));
  const channelName = new Map(channels.map((c) => [c.id, c.name]));
  /** An episode's series, in every language written: an episode is found by its series' name. */
  const seriesName = (listId: number | null) => {
    const list = listId !== null ? listById.get(listId) : undefined;
    const named = (list?.parent_id ? listById.get(list.parent_id) : undefined) ?? list;
    return named ? [named.name, ...titlesOf(named.texts)].join(' ') : '';
  };
  const doc = (kind: SearchKind, id: number, title: string, body: string[]): SearchDocument => ({
    kind,
    item_id: id,
    title: foldSearchText(title),
    body: foldSearchText(body.filter(Boolean).join(' ')),
  });
  return [
    ...contents.map((c) =>
      doc('Content', c.id, [c.title, ...(otherTitles.get(c.id) ?? [])].filter(Boolean).join(' '), [
        c.description,
        seriesName(c.content_list_id),
        c.channel_id !== null ? (channelName.get(c.channel_id) ?? '') : '',
        ...peopleNames(c.people),
        c.genre ?? '',
      ]),
    ),
    // Seasons are reached through their series; only series and plain lists are results.
    // An unpublished series is not found either (decision 105).
    ...lists
      .filter((l) => l.type !== 'Season' && l.enabled !== 0)
      .map((l) => doc('ContentList', l.id, [l.name, ...titlesOf(l.texts)].join(' '), [l.description])),
    // A hidden channel is not found either (decision 102); its contents still are.
    ...channels.filter((c) => !c.hidden_at).map((c) => doc('Channel', c.id, c.name, [c.description, c.genre])),
  ];
}

/**
 * Rebuilds the whole index from the catalogue (decision 013): called at start and by every
 * import. A few thousand rows take milliseconds, simpler than triggers on two engines.
 *
 * Rebuilds run one at a time and each reads the catalogue once it holds the index: on PostgreSQL
 * two at once (three editors' changes, two nodes starting) had the second's DELETE blind to the
 * first's new rows, so its INSERT met them as a unique violation (a 5 after a committed change), and
 * a rebuild that read the catalogue before another's commit could write its older index last.
 */
export async function rebuildSearchIndex(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // EXCLUSIVE lets searches read the index while it is rebuilt and makes other rebuilds wait;
    // SQLite's one writer already does.
    if (dialect !== 'sqlite') await sql`LOCK TABLE search_documents IN EXCLUSIVE MODE`.execute(trx);
    const docs = await buildDocuments(trx);
    if (dialect === 'sqlite') {
      await sql`DELETE FROM search_fts`.execute(trx);
      for (const d of docs)
        await sql`INSERT INTO search_fts (kind, item_id, title, body) VALUES (${d.kind}, ${d.item_id}, ${d.title}, ${d.body})`.execute(
          trx,
        );
    } else {
      await trx.deleteFrom('search_documents').execute();
      for (let i = 0; i < docs.length; i += 500)
        await trx
          .insertInto('search_documents')
          .values(docs.slice(i, i + 500))
          .execute();
    }
    return docs.length;
  });
}

export function createSearchRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    /** Documents matching every token as a word prefix, best first. Tokens are [a-z0-9]+ only. */
    async match(tokens: string[]): Promise<SearchHit[]> {
      if (!tokens.length) return [];
      if (dialect === 'sqlite') {
        // Each token quoted and starred: no user character reaches the FTS5 query syntax.
        const query = tokens.map((t) => `"${t}"*`).join(' ');
        const { rows } = await sql<SearchHit>`
          SELECT kind, CAST(item_id AS INTEGER) AS item_id, title, body, bm25(search_fts, 0, 0, 10.0, 1.0) AS rank
          FROM search_fts WHERE search_fts MATCH ${query} ORDER BY rank LIMIT ${MAX_CANDIDATES}`.execute(db);
        return rows.map((r) => ({ ...r, item_id: Number(r.item_id), rank: Number(r.rank) }));
      }
      const query = tokens.map((t) => `${t}:*`).join(' & ');
      // `document` is the weighted vector of title and body, stored and indexed (decision 117).
      const { rows } = await sql<SearchHit>`
        SELECT kind, item_id, title, body, -ts_rank(document, q) AS rank
        FROM search_documents, to_tsquery('simple', ${query}) q
        WHERE document @@ q
        ORDER BY rank LIMIT ${MAX_CANDIDATES}`.execute(db);
      return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
    },

    /**
     * Contents whose title has a word beginning with every token, best first, at most `limit`
     * (decision 117): the console's title search. Only the title is asked (FTS5's column filter,
     * PostgreSQL's weight A, the title's), so a word found in synopses, people or series names is
     * never scored: `match` scores every document the word is in before keeping 500, 4,358 for
     * "tempete" in 20,000 contents where 1,043 titles have it. Tokens are [a-z0-9]+ only.
     */
    async matchContentTitles(tokens: string[], limit: number): Promise<Omit<SearchHit, 'body'>[]> {
      if (!tokens.length) return [];
      if (dialect === 'sqlite') {
        const query = tokens.map((t) => `title : "${t}"*`).join(' AND ');
        const { rows } = await sql<Omit<SearchHit, 'body'>>`
          SELECT kind, CAST(item_id AS INTEGER) AS item_id, title, bm25(search_fts, 0, 0, 10.0, 1.0) AS rank
          FROM search_fts WHERE search_fts MATCH ${query} AND kind = 'Content' ORDER BY rank LIMIT ${limit}`.execute(
          db,
        );
        return rows.map((r) => ({ ...r, item_id: Number(r.item_id), rank: Number(r.rank) }));
      }
      const query = tokens.map((t) => `${t}:*A`).join(' & ');
      const { rows } = await sql<Omit<SearchHit, 'body'>>`
        SELECT kind, item_id, title, -ts_rank(document, q) AS rank
        FROM search_documents, to_tsquery('simple', ${query}) q
        WHERE document @@ q AND kind = 'Content'
        ORDER BY rank LIMIT ${limit}`.execute(db);
      return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
    },

    /** Every document's title, for the typo fallback. */
    async listTitles(): Promise<Omit<SearchDocument, 'body'>[]> {
      if (dialect === 'sqlite') {
        const { rows } = await sql<Omit<SearchDocument, 'body'>>`
          SELECT kind, CAST(item_id AS INTEGER) AS item_id, title FROM search_fts`.execute(db);
        return rows.map((r) => ({ ...r, item_id: Number(r.item_id) }));
      }
      return db.selectFrom('search_documents').select(['kind', 'item_id', 'title']).execute() as Promise<
        Omit<SearchDocument, 'body'>[]
      >;
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
