import path from 'node:path';
import { rm, stat } from 'node:fs/promises';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { AdminCatalogueContent, AdminUpload, CatalogueTexts, ContentAccess } from '@playz/api-contract/admin';
import type { Database } from '../../db/schema';
import { decodeCursor, encodeCursor, keysetPage } from '../../db/keyset-cursor';
import { mediaUrl } from './catalogue.views';
import { importVideo } from './import-video';
import { checkArtwork, makeArtwork, type ArtworkKind } from './artwork';

/** The queue of the media job that turns an upload into a content (decision 094). */
export const MEDIA_JOB = 'media-transcode';
/** The job that keeps published contents to their dates (decision 094). */
export const PUBLICATION_WINDOW_JOB = 'publication-window';

export interface MediaJobData {
  uploadId: string;
}

/** A change as the audit log records it, written by the caller in the desk's transaction. */
export type DeskAudit = (trx: Kysely<Database>, change: { before: unknown; after: unknown }) => Promise<void>;

type UploadRow = Selectable<Database['content_uploads']>;
type ContentRow = Selectable<Database['contents']>;
type EditorialRow = Selectable<Database['content_editorial']>;

const EMPTY_TEXT = { title: '', synopsis: '' };

function textsOf(row: EditorialRow | undefined, content: ContentRow): CatalogueTexts {
  const stored = row ? (JSON.parse(row.texts) as Partial<CatalogueTexts>) : {};
  return {
    fr: stored.fr ?? { title: content.title, synopsis: content.description },
    en: stored.en ?? EMPTY_TEXT,
    nl: stored.nl ?? EMPTY_TEXT,
    es: stored.es ?? EMPTY_TEXT,
  };
}

/** Published and within its dates: what `contents.enabled` should be now. */
export function isLive(row: Pick<EditorialRow, 'published' | 'publish_from' | 'publish_until'>, now: Date): boolean {
  if (row.published !== 1) return false;
  const t = now.getTime();
  if (row.publish_from && Date.parse(row.publish_from) > t) return false;
  if (row.publish_until && Date.parse(row.publish_until) <= t) return false;
  return true;
}

const uploadView = (row: UploadRow): AdminUpload => ({
  id: row.id,
  fileName: row.file_name,
  size: Number(row.size),
  status: row.status,
  progress: row.progress,
  step: row.step,
  error: row.error,
  contentId: row.content_id,
  uploadedBy: row.uploaded_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The editors' side of the catalogue (decision 094): the uploads and their media job, and the
 * contents made from them — texts in four languages, rating, kind, access, publication. The
 * viewers' reads keep filtering on `contents.enabled`; every change here sets it, rebuilds the
 * search index and bumps the catalogue version (`afterChange`), so every node drops what it cached.
 */
export function createCatalogueDesk(deps: {
  db: Kysely<Database>;
  mediaRoot: string;
  uploadsDir: string;
  now: () => Date;
  afterChange: () => Promise<void>;
  /** Offers a purchase may name: the one-time products (not subscriptions). */
  isPurchaseOffer: (offerId: number) => Promise<boolean>;
  ffmpegPath?: string | null;
}) {
  const { db, now } = deps;
  const stamp = () => now().toISOString();

  const getUploadRow = (id: string) =>
    db.selectFrom('content_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  const setUpload = (id: string, patch: Updateable<Database['content_uploads']>) =>
    db
      .updateTable('content_uploads')
      .set({ ...patch, updated_at: stamp() })
      .where('id', '=', id)
      .execute();

  async function contentOf(id: number, within: Kysely<Database> = db): Promise<AdminCatalogueContent> {
    const content = await within.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirst();
    const editorial = await within
      .selectFrom('content_editorial')
      .selectAll()
      .where('content_id', '=', id)
      .executeTakeFirst();
    // Only contents made by the desk are edited here: the demo and imported ones have no row.
    if (!content || !editorial) throw apiError(ApiErrorNumber.ContentNotFound);
    const list =
      content.content_list_id === null
        ? undefined
        : await within
            .selectFrom('content_lists')
            .select('enabled')
            .where('id', '=', content.content_list_id)
            .executeTakeFirst();
    return viewOf(content, editorial, list?.enabled === 0);
  }

  /** `seriesHidden`: the content is an episode of a series that is not published (decision 105). */
  function viewOf(content: ContentRow, editorial: EditorialRow, seriesHidden: boolean): AdminCatalogueContent {
    const access: ContentAccess =
      editorial.access === 'purchase' && editorial.price_offer_id !== null
        ? { type: 'purchase', offerId: editorial.price_offer_id }
        : { type: 'subscription' };
    return {
      contentId: content.id,
      // An episode's kind is the one it had before a series took it (decision 105).
      kind: (content.former_type ?? content.content_type) === 'Clip' ? 'Clip' : 'Film',
      rating: content.rating,
      texts: textsOf(editorial, content),
      access,
      published: editorial.published === 1,
      publishFrom: editorial.publish_from,
      publishUntil: editorial.publish_until,
      live: content.enabled === 1,
      seriesUnpublished: seriesHidden,
      duration: content.duration,
      posterUrl: mediaUrl(content.poster),
      updatedAt: editorial.updated_at,
    };
  }

  /** Sets `contents.enabled` from the publication and its dates; true when it changed. */
  async function applyWindow(trx: Kysely<Database>, contentId: number, editorial: EditorialRow): Promise<boolean> {
    // An episode of an unpublished series stays out of the viewers' catalogue (decision 105).
    const hiddenList = await trx
      .selectFrom('contents')
      .innerJoin('content_lists', 'content_lists.id', 'contents.content_list_id')
      .select('content_lists.id')
      .where('contents.id', '=', contentId)
      .where('content_lists.enabled', '=', 0)
      .executeTakeFirst();
    const enabled = isLive(editorial, now()) && !hiddenList ? 1 : 0;
    const result = await trx
      .updateTable('contents')
      .set({ enabled })
      .where('id', '=', contentId)
      .where('enabled', '!=', enabled)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One change of a content and its audit entry in one transaction, then the viewers' caches. */
  async function change(
    contentId: number,
    apply: (trx: Kysely<Database>, before: AdminCatalogueContent) => Promise<void>,
    audit: DeskAudit,
  ): Promise<AdminCatalogueContent> {
    const after = await db.transaction().execute(async (trx) => {
      const before = await contentOf(contentId, trx);
      await apply(trx, before);
      const editorial = await trx
        .selectFrom('content_editorial')
        .selectAll()
        .where('content_id', '=', contentId)
        .executeTakeFirstOrThrow();
      await applyWindow(trx, contentId, editorial);
      const next = await contentOf(contentId, trx);
      await audit(trx, { before, after: next });
      return next;
    });
    await deps.afterChange();
    return after;
  }

  return {
    /** A tus upload began (the console's POST): its row, before any byte is stored. */
    async uploadStarted(input: { id: string; staffId: number; email: string; fileName: string; size: number }) {
      const at = stamp();
      await db
        .insertInto('content_uploads')
        .values({
          id: input.id,
          staff_id: input.staffId,
          uploaded_by: input.email,
          file_name: input.fileName.slice(0, 255),
          size: input.size,
          status: 'uploading',
          progress: 0,
          step: null,
          error: null,
          content_id: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    uploadOwner: async (id: string) => (await getUploadRow(id))?.staff_id ?? null,
    /** Every byte arrived: the media job is queued (`enqueue` is the job queue's). */
    async uploadFinished(id: string, enqueue: (data: MediaJobData) => Promise<void>) {
      await setUpload(id, { status: 'queued', progress: 0 });
      await enqueue({ uploadId: id });
    },
    /** Newest first, then by id, a page at a time after the previous page's last (decision 110). */
    async listUploads(page: { after?: string; limit: number }) {
      const after = page.after ? decodeCursor('uploads', ['text', 'text'], page.after) : null;
      const rows = await db
        .selectFrom('content_uploads')
        .selectAll()
        .$if(after !== null, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('created_at', '<', after![0]),
              eb.and([eb('created_at', '=', after![0]), eb('id', '>', after![1])]),
            ]),
          ),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { items, next } = keysetPage(rows, page.limit, (last) =>
        encodeCursor('uploads', [last.created_at, last.id]),
      );
      return { uploads: items.map(uploadView), next };
    },
    async getUpload(id: string) {
      const row = await getUploadRow(id);
      if (!row) throw apiError(ApiErrorNumber.NotFound);
      return uploadView(row);
    },

    /**
     * Uploads an editor began before `idleSince` and never finished, whose bytes have not moved
     * since either (decision 107): the row, the bytes and the tus metadata file go, each removal
     * audited in its transaction by `audit`. A finished upload (queued and after) is never
     * touched, nor one still receiving parts. Answers the ids removed.
     */
    async removeAbandonedUploads(
      idleSince: Date,
      audit: (trx: Kysely<Database>, upload: AdminUpload) => Promise<void>,
    ): Promise<string[]> {
      const cutoff = idleSince.toISOString();
      const rows = await db
        .selectFrom('content_uploads')
        .selectAll()
        .where('status', '=', 'uploading')
        .where('created_at', '<', cutoff)
        .execute();
      const removed: string[] = [];
      for (const row of rows) {
        const file = path.join(deps.uploadsDir, row.id);
        // The bytes' last write is the upload's last sign of life: a long upload still moving stays.
        const written = await stat(file).then(
          (s) => s.mtime.getTime(),
          () => 0,
        );
        if (written >= idleSince.getTime()) continue;
        const gone = await db.transaction().execute(async (trx) => {
          const result = await trx
            .deleteFrom('content_uploads')
            .where('id', '=', row.id)
            .where('status', '=', 'uploading')
            .executeTakeFirst();
          if (Number(result.numDeletedRows) === 0) return false;
          await audit(trx, uploadView(row));
          return true;
        });
        if (!gone) continue;
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
        removed.push(row.id);
      }
      return removed;
    },

    /**
     * The media job (decision 094): the CMAF ladder (HLS and DASH over the same segments),
     * thumbnails, posters and a preview from the uploaded file, as the operator import makes them
     * (decision 013), into an unpublished content. Progress and failure go to the upload's row,
     * which the console polls. A run for an upload that already made its content does nothing
     * (a retry after a crash past the insert), so one upload makes one content.
     */
    async runMediaJob(data: MediaJobData) {
      const upload = await getUploadRow(data.uploadId);
      if (!upload) throw new Error(`upload ${data.uploadId} is unknown`);
      if (upload.content_id !== null) return;
      const file = path.join(deps.uploadsDir, upload.id);
      await setUpload(upload.id, { status: 'processing', progress: 0, step: null, error: null });
      let last = -1;
      let writing: Promise<unknown> = Promise.resolve();
      try {
        const title = upload.file_name.replace(/\.[^.]+$/, '').slice(0, 200) || upload.id;
        const made = await importVideo(
          db,
          deps.mediaRoot,
          { file, title, description: '', type: 'Film', unpublished: true },
          {
            ffmpegPath: deps.ffmpegPath,
            // Written when the percent moves, one write after the other: a few dozen rows a run.
            onProgress: (step, percent) => {
              if (percent === last) return;
              last = percent;
              writing = writing.then(() => setUpload(upload.id, { step, progress: percent })).catch(() => {});
            },
          },
        );
        await writing;
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('content_editorial')
            .values({
              content_id: made.contentId,
              texts: JSON.stringify({ fr: { title, synopsis: '' }, en: EMPTY_TEXT, nl: EMPTY_TEXT, es: EMPTY_TEXT }),
              access: 'subscription',
              price_offer_id: null,
              published: 0,
              publish_from: null,
              publish_until: null,
              updated_at: stamp(),
            })
            .execute();
          await trx
            .updateTable('content_uploads')
            .set({ status: 'done', progress: 100, step: null, content_id: made.contentId, updated_at: stamp() })
            .where('id', '=', upload.id)
            .execute();
        });
        // The ladder holds the video now; the upload was only its source.
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
      } catch (error) {
        await writing;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await setUpload(upload.id, { status: 'failed', error: reason });
        throw error;
      }
    },

    /** Newest first by id, a page at a time after the previous page's last (decision 110). */
    async listContents(page: { after?: string; limit: number }) {
      const after = page.after ? decodeCursor('catalogue-contents', ['int'], page.after)[0] : null;
      const rows = await db
        .selectFrom('content_editorial')
        .innerJoin('contents', 'contents.id', 'content_editorial.content_id')
        .selectAll('contents')
        .select([
          'content_editorial.texts',
          'content_editorial.access',
          'content_editorial.price_offer_id',
          'content_editorial.published',
          'content_editorial.publish_from',
          'content_editorial.publish_until',
          'content_editorial.updated_at',
          'content_editorial.content_id',
        ])
        // The episode's season: 0 while its series is unpublished (decision 105).
        .leftJoin('content_lists', 'content_lists.id', 'contents.content_list_id')
        .select('content_lists.enabled as list_enabled')
        .$if(after !== null, (qb) => qb.where('contents.id', '<', after!))
        .orderBy('contents.id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const { items, next } = keysetPage(rows, page.limit, (last) => encodeCursor('catalogue-contents', [last.id]));
      return { contents: items.map((row) => viewOf(row, row, row.list_enabled === 0)), next };
    },
    getContent: (id: number) => contentOf(id),

    async update(
      contentId: number,
      input: { kind: 'Film' | 'Clip'; rating: number; texts: CatalogueTexts; access: ContentAccess },
      audit: DeskAudit,
    ) {
      if (input.access.type === 'purchase' && !(await deps.isPurchaseOffer(input.access.offerId)))
        throw apiError(ApiErrorNumber.BadParameter);
      return change(
        contentId,
        async (trx) => {
          // The viewers' apps read one title and description today: the French ones (decision 094).
          // An episode stays one; its kind is kept for when it leaves its series (decision 105).
          const episode = await trx
            .selectFrom('contents')
            .select('former_type')
            .where('id', '=', contentId)
            .where('content_type', '=', 'Episode')
            .where('former_type', 'is not', null)
            .executeTakeFirst();
          await trx
            .updateTable('contents')
            .set({
              ...(episode ? { former_type: input.kind } : { content_type: input.kind }),
              rating: input.rating,
              title: input.texts.fr.title,
              description: input.texts.fr.synopsis,
            })
            .where('id', '=', contentId)
            .execute();
          await trx
            .updateTable('content_editorial')
            .set({
              texts: JSON.stringify(input.texts),
              access: input.access.type,
              price_offer_id: input.access.type === 'purchase' ? input.access.offerId : null,
              updated_at: stamp(),
            })
            .where('content_id', '=', contentId)
            .execute();
        },
        audit,
      );
    },

    publish(contentId: number, window: { from: string | null; until: string | null }, audit: DeskAudit) {
      return change(
        contentId,
        async (trx, before) => {
          // A content without a French title would show nameless to the viewers.
          if (!before.texts.fr.title) throw apiError(ApiErrorNumber.BadParameter);
          await trx
            .updateTable('content_editorial')
            .set({ published: 1, publish_from: window.from, publish_until: window.until, updated_at: stamp() })
            .where('content_id', '=', contentId)
            .execute();
        },
        audit,
      );
    },

    /**
     * An editor's poster or backdrop (decision 113): checked by its bytes, turned by ffmpeg into
     * the files the apps read under content-hashed names, then the content's image fields point to
     * them in one audited change, and the viewers' caches follow (`afterChange`).
     */
    async setArtwork(contentId: number, kind: ArtworkKind, bytes: Buffer, audit: DeskAudit) {
      checkArtwork(bytes);
      // A content the desk does not edit is refused before ffmpeg runs.
      await contentOf(contentId);
      const paths = await makeArtwork({
        bytes,
        kind,
        mediaRoot: deps.mediaRoot,
        owner: `content-${contentId}`,
        ffmpegPath: deps.ffmpegPath,
      });
      let images = {
        landscape: null as string | null,
        portrait: null as string | null,
        backdrop: null as string | null,
      };
      const content = await change(
        contentId,
        async (trx) => {
          await trx.updateTable('contents').set(paths).where('id', '=', contentId).execute();
          await trx
            .updateTable('content_editorial')
            .set({ updated_at: stamp() })
            .where('content_id', '=', contentId)
            .execute();
          const row = await trx
            .selectFrom('contents')
            .select(['poster', 'portrait', 'backdrop'])
            .where('id', '=', contentId)
            .executeTakeFirstOrThrow();
          images = {
            landscape: mediaUrl(row.poster),
            portrait: mediaUrl(row.portrait),
            backdrop: mediaUrl(row.backdrop),
          };
        },
        audit,
      );
      return { content, images };
    },

    unpublish(contentId: number, audit: DeskAudit) {
      return change(
        contentId,
        async (trx) => {
          await trx
            .updateTable('content_editorial')
            .set({ published: 0, publish_from: null, publish_until: null, updated_at: stamp() })
            .where('content_id', '=', contentId)
            .execute();
        },
        audit,
      );
    },

    /**
     * The publication window job: a published content enters the catalogue at its start date and
     * leaves it at its end date, within a minute, on whichever node runs the job.
     */
    async applyPublicationWindows(): Promise<number> {
      const rows = await db
        .selectFrom('content_editorial')
        .selectAll()
        .where('published', '=', 1)
        .where((eb) => eb.or([eb('publish_from', 'is not', null), eb('publish_until', 'is not', null)]))
        .execute();
      let changed = 0;
      for (const row of rows) if (await applyWindow(db, row.content_id, row)) changed += 1;
      if (changed > 0) await deps.afterChange();
      return changed;
    },
  };
}

export type CatalogueDesk = ReturnType<typeof createCatalogueDesk>;
