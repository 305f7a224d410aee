import fp from 'fastify-plugin';
import { registerApiCalls } from '../../plugins/api-scope';
import { createCatalogueBrowse } from './catalogue-browse';
import { createCatalogueCache } from './catalogue-cache';
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
    };
  }
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
    const landing = createLandingService({ repo, service: app.service.reads, catalogue, view });
    const cast = createCastService({
      ...{ tokens: createCastTokens(app.streamSecret), repo, favorites: browse.favorites },
      sessionAlive: async (sessionId) => (await app.sessions.startedAt(sessionId)) !== undefined,
      ...{ publicUrl: app.config.publicUrl, now },
    });
    app.decorate('catalogue', {
      ...{ rows: repo, service: catalogue, getLiveEvent: browse.getLiveEvent },
      listItemToPlay: browse.listItemToPlay,
      quality: createQualityCharts(db),
    });
    await registerApiCalls(app, (api) => {
      registerCatalogueRoutes(api, { catalogue, pageRows: browse.pageRows, landing, checkResponses });
      browse.register(api, checkResponses);
      registerCastRoutes(api, { cast, checkResponses });
    });
  },
  { name: 'playz-catalogue', dependencies: ['playz-streaming', 'playz-service'] },
);
