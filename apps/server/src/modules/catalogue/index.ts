import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createCatalogueBrowse } from './catalogue-browse';
import { bumpCatalogueVersion, createCatalogueCache } from './catalogue-cache';
import { createCatalogueDesk, MEDIA_JOB, PUBLICATION_WINDOW_JOB, type MediaJobData } from './catalogue-desk';
import type { CatalogueDesk } from './catalogue-desk';
import { createChannelDesk, type ChannelDesk } from './channel-desk';
import { createContentTracksDesk, PACKAGE_JOB, type ContentTracksDesk, type PackageJobData } from './content-tracks';
import { createDrmKeyStore } from '../drm';
import { createGuideImportDesk, type GuideImportDesk } from './guide-import-desk';
import { createLiveEventDesk, type LiveEventDesk } from './live-event-desk';
import { createHomeRowsDesk, type HomeRowsDesk } from './home-rows-desk';
import { createScheduleDesk, type ScheduleDesk } from './schedule-desk';
import { createSeriesDesk, type SeriesDesk } from './series-desk';
import { createCollectionDesk, type CollectionDesk } from './collection-desk';
import { createArtworkDesk, type ArtworkDesk } from './artwork-desk';
import { createSearchRepository, rebuildSearchIndex } from './search.repository';
import { createCatalogueRepository, type CatalogueRepository } from './catalogue.repository';
import { registerCatalogueRoutes } from './catalogue.routes';
import { registerCastRoutes } from './cast.routes';
import { createCastService } from './cast.service';
import { createCastTokens } from './cast-tokens';
import { createCatalogueService, type CatalogueService } from './catalogue.service';
import { createLandingService } from './landing.service';
import { createQualityCharts, type QualityCharts } from './quality-charts';

export { parseId } from './catalogue.service';
export type { CatalogueRepository, ChannelRow, ContentListRow, ContentRow, ScheduleRow } from './catalogue.repository';
export type { CatalogueService } from './catalogue.service';
export type { QualityByDay } from './quality-charts';
export type { CatalogueDesk, DeskAudit, MediaJobData } from './catalogue-desk';
export { MEDIA_JOB } from './catalogue-desk';
export type { ContentTracksDesk } from './content-tracks';
export type { ChannelDesk, ChannelDeskRow } from './channel-desk';
export type { ScheduleDesk } from './schedule-desk';
export type { GuideImportDesk } from './guide-import-desk';
export type { LiveEventDesk } from './live-event-desk';
export type { HomeRowsDesk, HomeRowDeskRow, HomeRowTitles, HomePreviewViewer } from './home-rows-desk';
export type { SeriesDesk } from './series-desk';
export type { CollectionDesk } from './collection-desk';
export type { ArtworkDesk } from './artwork-desk';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: {
      /** Contents, lists and channels as rows (playback and billing read what they sell and play). */
      rows: CatalogueRepository;
      service: CatalogueService;
      /** One live event with its state (the live module's event streams read it). */
      getLiveEvent: ReturnType<typeof createCatalogueBrowse>['getLiveEvent'];
      /**
       * The content a list plays now, with the viewer's progress (decision 057): the list stream
       * calls of playback play it.
       */
      listItemToPlay: ReturnType<typeof createCatalogueBrowse>['listItemToPlay'];
      /** The players' quality reports per day, for the console's health charts (decision 091). */
      quality: QualityCharts;
      /** The editors' uploads, media job, metadata and publication (decision 094). */
      desk: CatalogueDesk;
      /** The editors' subtitles and protection of uploaded contents, packaged by a queued job (decision 114). */
      tracks: ContentTracksDesk;
      /** The editors' channels: their order, hidden or shown (decision 102). */
      channels: ChannelDesk;
      /** The editors' schedule: one day of a channel's guide, programmes added, moved, resized (decision 103). */
      schedule: ScheduleDesk;
      /** XMLTV and M3U imports from the console: a preview, then one transaction (decision 103). */
      guideImport: GuideImportDesk;
      /** The editors' live events: texts, dates, countdown, pass, hidden, replay (decision 108). */
      liveEvents: LiveEventDesk;
      /** The editors' home rows and the preview per kind of viewer (decision 106). */
      homeRows: HomeRowsDesk;
      /** The editors' series, seasons and episodes (decision 105). */
      series: SeriesDesk;
      /** The editors' collections (decision 105). */
      collections: CollectionDesk;
      /** Series' and live events' artwork from the browser, and what each shows now (decision 115). */
      artwork: ArtworkDesk;
    };
  }
}

/**
 * The editors' desk (decision 094) with its media job and its publication window job, both on the
 * deployment's job queues.
 */
function createDesk(app: FastifyInstance, clearCache: () => void): CatalogueDesk {
  const { db } = app;
  const desk = createCatalogueDesk({
    db,
    now: app.now,
    mediaRoot: app.mediaRoot,
    uploadsDir: path.join(app.config.dataDir, 'uploads'),
    ffmpegPath: app.config.ffmpegPath,
    // What viewers read changed: the search index and every node's cache follow (decision 013).
    afterChange: async () => {
      await rebuildSearchIndex(db, app.database.dialect);
      await bumpCatalogueVersion(db);
      // This node's cache at once, so an editor's new artwork is what the next read answers (decision 113).
      clearCache();
    },
    // An offer of the product that sells contents one by one: a live event's pass cannot sell a
    // film (the checkout refuses it, decision 073), so it is refused here first (decision 107).
    isPurchaseOffer: async (offerId) =>
      (await app.service.reads.listOffers()).some(
        (offer) => offer.id === offerId && offer.type === 'Purchase' && offer.product === 'ContentPurchase',
      ),
  });
  app.jobs.addTask({ name: MEDIA_JOB, run: (data) => desk.runMediaJob(data as MediaJobData) });
  app.jobs.add({ name: PUBLICATION_WINDOW_JOB, everyMs: 60_000, run: () => desk.applyPublicationWindows() });
  return desk;
}

/**
 * The subtitles and protection desk (decision 114) with its packaging job on the deployment's job
 * queues; a revision made live tells the viewers' reads as the desk's changes do.
 */
function createTracksDesk(app: FastifyInstance, afterChange: () => Promise<void>): ContentTracksDesk {
  const keys = createDrmKeyStore(app.config.dataDir);
  const tracks = createContentTracksDesk({
    db: app.db,
    now: app.now,
    mediaRoot: app.mediaRoot,
    tracksDir: path.join(app.config.dataDir, 'tracks'),
    ffmpegPath: app.config.ffmpegPath,
    afterChange,
    enqueue: (data, id) => app.jobs.enqueue(PACKAGE_JOB, data, id),
    keyFor: (clipKey) => keys.keyFor(clipKey),
  });
  app.jobs.addTask({ name: PACKAGE_JOB, run: (data) => tracks.runPackageJob(data as PackageJobData) });
  return tracks;
}

/** The catalogue (spec 2): contents, lists, channels and their guide, pages and rows, search, favourites. */
export default fp(
  async (app) => {
    const { db, now, checkResponses } = app;
    const view = { publicUrl: app.config.publicUrl };
    const repo = createCatalogueRepository(db);
    // One catalogue cache for the whole app: one version check serves every catalogue read.
    const cache = createCatalogueCache(db);
    const catalogue = createCatalogueService({
      ...{ repo, view, now, cache },
      // A Stream channel's encoder state is the live module's (decision 041), read at call time.
      streamStateOf: (channel) => app.live.streamStateOf(channel),
    });
    const browse = createCatalogueBrowse({
      ...{
        db,
        dialect: app.database.dialect,
        repo,
        catalogue,
        service: app.service.reads,
        clips: app.clips,
        view,
        now,
      },
      cache,
      generations: app.tableWrites,
      isDummyOn: app.config.billing.stores.dummy,
    });
    /** What viewers read changed: every node follows (decision 013), this one at once. */
    const invalidate = async () => {
      await rebuildSearchIndex(db, app.database.dialect);
      await bumpCatalogueVersion(db);
      cache.clear();
    };
    const landing = createLandingService({ repo, service: app.service.reads, catalogue, view });
    const cast = createCastService({
      ...{ tokens: createCastTokens(app.streamSecret), repo, favorites: browse.favorites },
      sessionAlive: async (sessionId) => (await app.sessions.startedAt(sessionId)) !== undefined,
      ...{ publicUrl: app.config.publicUrl, now },
    });
    app.decorate('catalogue', {
      ...{ rows: repo, service: catalogue, getLiveEvent: browse.getLiveEvent },
      desk: createDesk(app, () => cache.clear()),
      tracks: createTracksDesk(app, invalidate),
      channels: createChannelDesk({
        db,
        now,
        // The viewers' lists follow at once on this node, within VERSION_CHECK_MS on the others.
        afterChange: async () => {
          await rebuildSearchIndex(db, app.database.dialect);
          await bumpCatalogueVersion(db);
          cache.clear();
        },
      }),
      schedule: createScheduleDesk({
        db,
        now,
        search: createSearchRepository(db, app.database.dialect),
        // The guide is no search text: the version bump and this node's cache are enough for
        // GET /channel/:id/schedule and the channels' current programme to follow (decision 103).
        afterChange: async () => {
          await bumpCatalogueVersion(db);
          cache.clear();
        },
      }),
      guideImport: createGuideImportDesk({
        db,
        // New programmes and channels are search text too, as after `npm run import`.
        afterChange: async () => {
          await rebuildSearchIndex(db, app.database.dialect);
          await bumpCatalogueVersion(db);
          cache.clear();
        },
      }),
      // Series and collections tell the viewers' reads as the channels do: the search index, the
      // version every node checks, and this node's cache with decision 097's bytes beside it.
      series: createSeriesDesk({ db, now, afterChange: invalidate }),
      collections: createCollectionDesk({ db, now, afterChange: invalidate }),
      homeRows: createHomeRowsDesk({
        db,
        now,
        // Rows are no search text: the version bump and this node's cache are enough for every
        // viewer's GET /page/home/rows to follow, here at once, on the other nodes within
        // VERSION_CHECK_MS (decision 097 keeps the home's bytes in that cache).
        afterChange: async () => {
          await bumpCatalogueVersion(db);
          cache.clear();
        },
        pageRowsOver: browse.pageRowsOver,
      }),
      liveEvents: createLiveEventDesk({
        db,
        now,
        // The viewers' live-event calls read the table at each call; the version bump and this
        // node's cache keep the rows and pages that show an event in step (decision 108).
        afterChange: async () => {
          await bumpCatalogueVersion(db);
          cache.clear();
        },
        passOffers: async () =>
          (await app.service.reads.listOffers())
            .filter((offer) => offer.product === 'LivePurchase')
            .map((offer) => ({ id: offer.id, name: offer.name, price: offer.price_cents / 100 })),
      }),
      // Each owner's pictures are followed as its own desk's changes are (decision 115).
      artwork: createArtworkDesk({
        ...{ db, now, mediaRoot: app.mediaRoot, ffmpegPath: app.config.ffmpegPath },
        afterSeries: invalidate,
        afterLiveEvent: async () => {
          await bumpCatalogueVersion(db);
          cache.clear();
        },
      }),
      listItemToPlay: browse.listItemToPlay,
      quality: createQualityCharts(db),
    });
    await registerApiCalls(app, (api) => {
      registerCatalogueRoutes(api, {
        ...{ catalogue, pageRows: browse.pageRows, landing, texts: browse.texts },
        checkResponses,
      });
      browse.register(api, checkResponses);
      registerCastRoutes(api, { cast, checkResponses });
    });
  },
  { name: 'playz-catalogue', dependencies: ['playz-streaming', 'playz-service'] },
);
