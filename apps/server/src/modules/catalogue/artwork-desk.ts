import type { Kysely } from 'kysely';
import type { ArtworkImages } from '@playz/api-contract/admin';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import { checkArtwork, makeArtwork, type ArtworkKind } from './artwork';
import type { DeskAudit } from './catalogue-desk';
import { mediaUrl } from './catalogue.views';

type Trx = Kysely<Database>;

const imagesOf = (row: { poster: string | null; portrait: string | null; backdrop: string | null }) => ({
  landscape: mediaUrl(row.poster),
  portrait: mediaUrl(row.portrait),
  backdrop: mediaUrl(row.backdrop),
});

/**
 * Artwork from the browser for series and live events (decision 115), on decision 113's pipeline:
 * the picture checked by its bytes (type, 640x360 at least, ARTWORK_MAX_BYTES at most: 413),
 * made by ffmpeg into the apps' JPEG sizes under content-hashed names, then the rows point to them
 * in one audited transaction and the viewers' reads follow (`afterSeries`, `afterLiveEvent`: the
 * same invalidation as each desk's other changes). Contents keep theirs in the catalogue desk,
 * which calls the same `checkArtwork` and `makeArtwork`.
 */
export function createArtworkDesk(deps: {
  db: Kysely<Database>;
  now: () => Date;
  mediaRoot: string;
  ffmpegPath?: string | null;
  afterSeries: () => Promise<void>;
  afterLiveEvent: () => Promise<void>;
}) {
  const { db } = deps;

  const seriesRow = async (trx: Trx, id: number) => {
    const row = await trx
      .selectFrom('content_lists')
      .select(['id', 'type', 'poster', 'portrait', 'backdrop'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.type !== 'Series') throw apiError(ApiErrorNumber.ContentListNotFound);
    return row;
  };

  /** What the viewers' live event calls answer for its images: its own, its replay's, its channel's. */
  const liveEventImages = async (trx: Trx, id: number): Promise<ArtworkImages> => {
    const row = await trx
      .selectFrom('live_events')
      .select(['poster', 'content_id', 'channel_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.LiveEventNotFound);
    let poster = row.poster;
    if (!poster && row.content_id > 0)
      poster =
        (await trx.selectFrom('contents').select('poster').where('id', '=', row.content_id).executeTakeFirst())
          ?.poster ?? null;
    if (!poster && row.channel_id !== null)
      poster =
        (await trx.selectFrom('channels').select('poster').where('id', '=', row.channel_id).executeTakeFirst())
          ?.poster ?? null;
    const url = mediaUrl(poster);
    return { landscape: url, portrait: url, backdrop: url };
  };

  const make = (bytes: Buffer, kind: ArtworkKind, owner: string) =>
    makeArtwork({ bytes, kind, mediaRoot: deps.mediaRoot, owner, ffmpegPath: deps.ffmpegPath ?? null });

  return {
    /** A content the desk edits (decision 094): its three image fields as viewers get them. */
    async contentImages(contentId: number): Promise<ArtworkImages> {
      const row = await db
        .selectFrom('contents')
        .innerJoin('content_editorial', 'content_editorial.content_id', 'contents.id')
        .select(['contents.poster', 'contents.portrait', 'contents.backdrop'])
        .where('contents.id', '=', contentId)
        .executeTakeFirst();
      if (!row) throw apiError(ApiErrorNumber.ContentNotFound);
      return imagesOf(row);
    },

    seriesImages: async (seriesId: number) => imagesOf(await seriesRow(db, seriesId)),

    /**
     * A series' poster (16:9 landscape and 2:3 portrait) or backdrop. Its seasons have no artwork
     * editor: those that showed the series' picture (copied when they were made, decision 105) or
     * none follow it; a season imported with its own keeps it.
     */
    async setSeries(seriesId: number, kind: ArtworkKind, bytes: Buffer, audit: DeskAudit) {
      checkArtwork(bytes);
      // An unknown series is refused before ffmpeg runs.
      await seriesRow(db, seriesId);
      const paths = await make(bytes, kind, `series-${seriesId}`);
      const images = await db.transaction().execute(async (trx) => {
        const before = await seriesRow(trx, seriesId);
        await trx.updateTable('content_lists').set(paths).where('id', '=', seriesId).execute();
        for (const [field, value] of Object.entries(paths) as ['poster' | 'portrait' | 'backdrop', string][]) {
          const old = before[field];
          await trx
            .updateTable('content_lists')
            .set({ [field]: value })
            .where('parent_id', '=', seriesId)
            .where('type', '=', 'Season')
            .where((eb) => (old === null ? eb(field, 'is', null) : eb.or([eb(field, 'is', null), eb(field, '=', old)])))
            .execute();
        }
        const after = imagesOf(await seriesRow(trx, seriesId));
        await audit(trx, {
          before: { id: seriesId, images: imagesOf(before) },
          after: { id: seriesId, images: after },
        });
        return after;
      });
      await deps.afterSeries();
      return images;
    },

    liveEventImages: (eventId: number) => liveEventImages(db, eventId),

    /**
     * A live event's one picture: spec 2 gives an event's `posterUrl` and all its `images` from
     * one poster, so the picture is made as a 1280x720 JPEG (cropped to 16:9) into `poster`.
     */
    async setLiveEvent(eventId: number, bytes: Buffer, audit: DeskAudit) {
      checkArtwork(bytes);
      await liveEventImages(db, eventId);
      const paths = await make(bytes, 'backdrop', `event-${eventId}`);
      const images = await db.transaction().execute(async (trx) => {
        const before = await liveEventImages(trx, eventId);
        await trx
          .updateTable('live_events')
          .set({ poster: (paths as { backdrop: string }).backdrop, edited_at: deps.now().toISOString() })
          .where('id', '=', eventId)
          .execute();
        const after = await liveEventImages(trx, eventId);
        await audit(trx, { before: { id: eventId, images: before }, after: { id: eventId, images: after } });
        return after;
      });
      await deps.afterLiveEvent();
      return images;
    },
  };
}

export type ArtworkDesk = ReturnType<typeof createArtworkDesk>;
