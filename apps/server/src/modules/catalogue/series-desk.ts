import type { Kysely, Selectable } from 'kysely';
import {
  CATALOGUE_LANGUAGES,
  type AdminSeries,
  type AdminSeriesSummary,
  type CatalogueTexts,
  type SeriesRefusal,
} from '@playz/api-contract/admin';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import { retryOnUniqueViolation } from '../../db/unique-violation';
import { isLive, type DeskAudit } from './catalogue-desk';
import { mediaUrl } from './catalogue.views';
import { foldSearchText, searchTokens } from './search-text';

type ListRow = Selectable<Database['content_lists']>;

/** Error 3 with the reason the console translates (decision 105). */
const refused = (reason: SeriesRefusal) => apiError(ApiErrorNumber.BadParameter, `series.${reason}`);

const EMPTY_TEXT = { title: '', synopsis: '' };

/** The four languages of a list or collection the console edited; the row's own name is the French. */
export function deskTexts(row: { texts?: string | null; name: string; description?: string }): CatalogueTexts {
  const stored = row.texts ? (JSON.parse(row.texts) as Partial<CatalogueTexts>) : {};
  return {
    fr: stored.fr ?? { title: row.name, synopsis: row.description ?? '' },
    en: stored.en ?? EMPTY_TEXT,
    nl: stored.nl ?? EMPTY_TEXT,
    es: stored.es ?? EMPTY_TEXT,
  };
}

/**
 * The editors' series (decision 105): a series and its seasons are `content_lists` rows (Series,
 * Season with its parent and number), its episodes contents whose list is a season, numbered in
 * `episode_number`, as the import and the demo make them, so the viewers' GET /series, /series/{id}
 * and /season/{id} read them unchanged. `content_lists.enabled` keeps an unpublished series and its
 * seasons from the viewers; its episodes' `contents.enabled` is their own publication (decision
 * 094) and the series', so no list, row, search or playback reaches an episode of a hidden series.
 * Each change and its audit entry are one transaction; then `afterChange` tells the catalogue's
 * readers (search index, version, this node's cache).
 */
export function createSeriesDesk(deps: { db: Kysely<Database>; now: () => Date; afterChange: () => Promise<void> }) {
  const { db } = deps;

  const listOf = async (trx: Kysely<Database>, id: number, type: 'Series' | 'Season') => {
    const row = await trx.selectFrom('content_lists').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.type !== type) throw apiError(ApiErrorNumber.ContentListNotFound);
    return row;
  };
  const seasonsOf = (trx: Kysely<Database>, seriesId: number) =>
    trx
      .selectFrom('content_lists')
      .selectAll()
      .where('parent_id', '=', seriesId)
      .where('type', '=', 'Season')
      .orderBy('number')
      .orderBy('id')
      .execute();
  const episodesOf = (trx: Kysely<Database>, seasonIds: number[]) =>
    seasonIds.length === 0
      ? Promise.resolve([])
      : trx
          .selectFrom('contents')
          .select(['id', 'title', 'duration', 'poster', 'enabled', 'content_list_id', 'episode_number'])
          .where('content_list_id', 'in', seasonIds)
          .orderBy('episode_number')
          .orderBy('id')
          .execute();

  async function viewOf(trx: Kysely<Database>, seriesId: number): Promise<AdminSeries> {
    const series = await listOf(trx, seriesId, 'Series');
    const seasons = await seasonsOf(trx, seriesId);
    const episodes = await episodesOf(
      trx,
      seasons.map((s) => s.id),
    );
    return {
      id: series.id,
      texts: deskTexts(series),
      rating: series.rating,
      published: series.enabled !== 0,
      posterUrl: mediaUrl(series.poster),
      seasons: seasons.map((s) => ({
        id: s.id,
        number: s.number ?? 0,
        name: s.name,
        episodes: episodes
          .filter((e) => e.content_list_id === s.id)
          .map((e) => ({
            contentId: e.id,
            number: e.episode_number ?? 0,
            title: e.title,
            duration: e.duration,
            posterUrl: mediaUrl(e.poster),
            live: e.enabled === 1,
          })),
      })),
    };
  }

  /**
   * What `contents.enabled` of an episode is: its own publication (the desk's, within its dates;
   * an imported content is published by its import) and its series'.
   */
  async function applyEpisodeState(trx: Kysely<Database>, contentId: number, seriesEnabled: boolean) {
    const editorial = await trx
      .selectFrom('content_editorial')
      .select(['published', 'publish_from', 'publish_until'])
      .where('content_id', '=', contentId)
      .executeTakeFirst();
    const own = editorial ? isLive(editorial, deps.now()) : true;
    await trx
      .updateTable('contents')
      .set({ enabled: seriesEnabled && own ? 1 : 0 })
      .where('id', '=', contentId)
      .execute();
  }

  /** Numbers the season's episodes 1…n in the given order. */
  async function renumber(trx: Kysely<Database>, contentIds: number[]) {
    for (const [index, id] of contentIds.entries())
      await trx
        .updateTable('contents')
        .set({ episode_number: index + 1 })
        .where('id', '=', id)
        .execute();
  }

  /** One change of a series and its audit entry in one transaction, then the viewers' caches. */
  async function change(
    seriesId: (trx: Kysely<Database>) => Promise<number>,
    apply: (trx: Kysely<Database>, id: number) => Promise<void>,
    audit: DeskAudit,
  ): Promise<AdminSeries> {
    const after = await retryOnUniqueViolation(() =>
      db.transaction().execute(async (trx) => {
        const id = await seriesId(trx);
        // Writing the series row first holds it until the commit on PostgreSQL, so two editors'
        // changes of one series (a season number, an episode's place) run one after the other.
        await trx
          .updateTable('content_lists')
          .set((eb) => ({ position: eb.ref('position') }))
          .where('id', '=', id)
          .execute();
        const before = await viewOf(trx, id);
        await apply(trx, id);
        const next = await viewOf(trx, id);
        await audit(trx, { before, after: next });
        return next;
      }),
    );
    await deps.afterChange();
    return after;
  }
  const seriesOfSeason = async (trx: Kysely<Database>, seasonId: number) => {
    const season = await listOf(trx, seasonId, 'Season');
    if (season.parent_id === null) throw apiError(ApiErrorNumber.ContentListNotFound);
    return season.parent_id;
  };
  const nextListId = async (trx: Kysely<Database>) =>
    Number(
      (
        await trx
          .selectFrom('content_lists')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    ) + 1;
  const seasonEpisodeIds = async (trx: Kysely<Database>, seasonId: number) =>
    (await episodesOf(trx, [seasonId])).map((e) => e.id);

  return {
    /**
     * Every series, newest first, by keyset on the id (the big catalogue holds thousands); with
     * `q`, those whose title in any of the four languages has a word beginning with each of its
     * words (decision 117), folded as the viewers' search folds them.
     */
    async list(page: {
      after?: number;
      limit: number;
      q?: string;
    }): Promise<{ series: AdminSeriesSummary[]; next: number | null }> {
      const newestFirst = () =>
        db
          .selectFrom('content_lists')
          .where('type', '=', 'Series')
          .$if(page.after !== undefined, (q) => q.where('id', '<', page.after!))
          .orderBy('id', 'desc');
      let rows: ListRow[];
      if (page.q === undefined)
        rows = await newestFirst()
          .selectAll()
          .limit(page.limit + 1)
          .execute();
      else {
        // The console finds an unpublished series too, which the viewers' index leaves out: the
        // series' titles are read here (id, name and texts of a few thousand rows at most, the
        // console's bench measures it) rather than a second index kept for the console.
        const tokens = searchTokens(page.q);
        const titles = tokens.length ? await newestFirst().select(['id', 'name', 'texts']).execute() : [];
        const found = titles
          .filter((row) => {
            const texts = deskTexts({ texts: row.texts, name: row.name });
            const words = foldSearchText(
              [row.name, ...CATALOGUE_LANGUAGES.map((language) => texts[language].title)].join(' '),
            ).split(' ');
            return tokens.every((token) => words.some((word) => word.startsWith(token)));
          })
          .slice(0, page.limit + 1)
          .map((row) => row.id);
        rows = found.length
          ? await db.selectFrom('content_lists').selectAll().where('id', 'in', found).orderBy('id', 'desc').execute()
          : [];
      }
      const shown = rows.slice(0, page.limit);
      const seasons = shown.length
        ? await db
            .selectFrom('content_lists')
            .select(['id', 'parent_id'])
            .where(
              'parent_id',
              'in',
              shown.map((r) => r.id),
            )
            .where('type', '=', 'Season')
            .execute()
        : [];
      const counts = seasons.length
        ? await db
            .selectFrom('contents')
            .select(['content_list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
            .where(
              'content_list_id',
              'in',
              seasons.map((s) => s.id),
            )
            .groupBy('content_list_id')
            .execute()
        : [];
      const episodesOfSeason = new Map(counts.map((c) => [c.content_list_id, Number(c.n)]));
      return {
        series: shown.map((r: ListRow) => {
          const own = seasons.filter((s) => s.parent_id === r.id);
          return {
            id: r.id,
            title: r.name,
            published: r.enabled !== 0,
            posterUrl: mediaUrl(r.poster),
            seasons: own.length,
            episodes: own.reduce((n, s) => n + (episodesOfSeason.get(s.id) ?? 0), 0),
          };
        }),
        next: rows.length > page.limit ? shown[shown.length - 1]!.id : null,
      };
    },

    get: (id: number) => viewOf(db, id),

    /** A new series, unpublished until an editor publishes it. */
    create(input: { texts: CatalogueTexts; rating: number }, audit: DeskAudit): Promise<AdminSeries> {
      return retryOnUniqueViolation(async () => {
        const made = await db.transaction().execute(async (trx) => {
          const id = await nextListId(trx);
          const position = Number(
            (
              await trx
                .selectFrom('content_lists')
                .select((eb) => eb.fn.max('position').as('max'))
                .where('type', '=', 'Series')
                .executeTakeFirst()
            )?.max ?? 0,
          );
          await trx
            .insertInto('content_lists')
            .values({
              id,
              type: 'Series',
              name: input.texts.fr.title,
              description: input.texts.fr.synopsis,
              parent_id: null,
              number: null,
              channel_id: null,
              poster: null,
              portrait: null,
              backdrop: null,
              preview: null,
              metadata: '{}',
              position: position + 1,
              rating: input.rating,
              enabled: 0,
              texts: JSON.stringify(input.texts),
            })
            .execute();
          const after = await viewOf(trx, id);
          await audit(trx, { before: null, after });
          return after;
        });
        // Unpublished: nothing the viewers read changed, but the console's own reads are the
        // database's; the search index stays as it is.
        return made;
      });
    },

    update(
      seriesId: number,
      input: { texts: CatalogueTexts; rating: number; artworkContentId?: number },
      audit: DeskAudit,
    ) {
      return change(
        async () => seriesId,
        async (trx, id) => {
          let artwork = {};
          if (input.artworkContentId !== undefined) {
            const content = await trx
              .selectFrom('contents')
              .select(['poster', 'portrait', 'backdrop', 'preview'])
              .where('id', '=', input.artworkContentId)
              .executeTakeFirst();
            if (!content) throw apiError(ApiErrorNumber.ContentNotFound);
            artwork = content;
          }
          await trx
            .updateTable('content_lists')
            .set({
              // The viewers' apps read one name and description: the French ones (decision 094).
              name: input.texts.fr.title,
              description: input.texts.fr.synopsis,
              texts: JSON.stringify(input.texts),
              rating: input.rating,
              ...artwork,
            })
            .where('id', '=', id)
            .execute();
          // A season's name is its own; its rating follows the series' (the kids filter reads it).
          await trx.updateTable('content_lists').set({ rating: input.rating }).where('parent_id', '=', id).execute();
        },
        audit,
      );
    },

    /** Shows or hides a series, its seasons and its episodes. */
    setPublished(seriesId: number, published: boolean, audit: DeskAudit) {
      return change(
        async () => seriesId,
        async (trx, id) => {
          const series = await listOf(trx, id, 'Series');
          if (published) {
            // A nameless or empty series would show as a blank tile or an empty page.
            if (!deskTexts(series).fr.title) throw refused('title');
            const seasons = await seasonsOf(trx, id);
            const episodes = await episodesOf(
              trx,
              seasons.map((s) => s.id),
            );
            if (episodes.length === 0) throw refused('empty');
          }
          const enabled = published ? 1 : 0;
          await trx
            .updateTable('content_lists')
            .set({ enabled })
            .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
            .execute();
          const seasons = await seasonsOf(trx, id);
          for (const episode of await episodesOf(
            trx,
            seasons.map((s) => s.id),
          ))
            await applyEpisodeState(trx, episode.id, published);
        },
        audit,
      );
    },

    addSeason(seriesId: number, input: { number?: number }, audit: DeskAudit) {
      return change(
        async () => seriesId,
        async (trx, id) => {
          const series = await listOf(trx, id, 'Series');
          const seasons = await seasonsOf(trx, id);
          const number = input.number ?? Math.max(0, ...seasons.map((s) => s.number ?? 0)) + 1;
          if (seasons.some((s) => s.number === number)) throw refused('season-number');
          await trx
            .insertInto('content_lists')
            .values({
              id: await nextListId(trx),
              type: 'Season',
              name: `Saison ${number}`,
              description: '',
              parent_id: id,
              number,
              channel_id: null,
              poster: series.poster,
              portrait: series.portrait,
              backdrop: series.backdrop,
              preview: null,
              metadata: '{}',
              position: number,
              rating: series.rating,
              enabled: series.enabled ?? 1,
              texts: null,
            })
            .execute();
        },
        audit,
      );
    },

    removeSeason(seasonId: number, audit: DeskAudit) {
      return change(
        (trx) => seriesOfSeason(trx, seasonId),
        async (trx) => {
          if ((await seasonEpisodeIds(trx, seasonId)).length > 0) throw refused('season-not-empty');
          // A viewer's favourite of the season goes with it.
          await trx
            .deleteFrom('favorites')
            .where('item_type', '=', 'ContentList')
            .where('item_id', '=', seasonId)
            .execute();
          await trx.deleteFrom('content_lists').where('id', '=', seasonId).execute();
        },
        audit,
      );
    },

    /**
     * Makes a content an episode of the season, last or at `number`. A content already in a list
     * (an episode of this or another series, a playlist's item) is refused: one content is one
     * episode, in one season, and moving it is a detach first.
     */
    attach(seasonId: number, input: { contentId: number; number?: number }, audit: DeskAudit) {
      return change(
        (trx) => seriesOfSeason(trx, seasonId),
        async (trx, seriesId) => {
          const content = await trx
            .selectFrom('contents')
            .select(['id', 'content_list_id', 'content_type'])
            .where('id', '=', input.contentId)
            .executeTakeFirst();
          if (!content) throw apiError(ApiErrorNumber.ContentNotFound);
          if (content.content_list_id !== null) throw refused('taken');
          const order = await seasonEpisodeIds(trx, seasonId);
          const at = input.number ?? order.length + 1;
          if (at > order.length + 1) throw refused('position');
          order.splice(at - 1, 0, content.id);
          await trx
            .updateTable('contents')
            .set({ content_list_id: seasonId, content_type: 'Episode', former_type: content.content_type })
            .where('id', '=', content.id)
            .execute();
          await renumber(trx, order);
          const series = await listOf(trx, seriesId, 'Series');
          await applyEpisodeState(trx, content.id, series.enabled !== 0);
          // A series without artwork takes its first episode's, as a content's comes from its video.
          if (!series.poster) {
            const art = await trx
              .selectFrom('contents')
              .select(['poster', 'portrait', 'backdrop'])
              .where('id', '=', content.id)
              .executeTakeFirstOrThrow();
            if (art.poster)
              await trx
                .updateTable('content_lists')
                .set(art)
                .where((eb) => eb.or([eb('id', '=', seriesId), eb('parent_id', '=', seriesId)]))
                .where('poster', 'is', null)
                .execute();
          }
        },
        audit,
      );
    },

    /** Numbers a season's episodes in `contentIds`' order, which must name each of them once. */
    reorder(seasonId: number, contentIds: number[], audit: DeskAudit) {
      return change(
        (trx) => seriesOfSeason(trx, seasonId),
        async (trx) => {
          const current = new Set(await seasonEpisodeIds(trx, seasonId));
          if (
            contentIds.length !== current.size ||
            new Set(contentIds).size !== contentIds.length ||
            contentIds.some((id) => !current.has(id))
          )
            throw refused('order');
          await renumber(trx, contentIds);
        },
        audit,
      );
    },

    /** Takes an episode out of its season: it is the content it was before, with its own publication. */
    detach(seasonId: number, contentId: number, audit: DeskAudit) {
      return change(
        (trx) => seriesOfSeason(trx, seasonId),
        async (trx) => {
          const order = await seasonEpisodeIds(trx, seasonId);
          if (!order.includes(contentId)) throw refused('not-episode');
          const content = await trx
            .selectFrom('contents')
            .select(['former_type'])
            .where('id', '=', contentId)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('contents')
            .set({
              content_list_id: null,
              episode_number: null,
              // An episode imported as one (no former type) becomes a film of its own.
              content_type: content.former_type ?? 'Film',
              former_type: null,
            })
            .where('id', '=', contentId)
            .execute();
          await applyEpisodeState(trx, contentId, true);
          await renumber(
            trx,
            order.filter((id) => id !== contentId),
          );
        },
        audit,
      );
    },
  };
}

export type SeriesDesk = ReturnType<typeof createSeriesDesk>;
