import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import { MAX_URL_LENGTH } from '../../plugins/http-limits';
import { pickLocale } from '../../plugins/common-params';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import { toInAppPurchase, type ServiceReads } from '../service';
import { createBrowseRepository } from './browse.repository';
import { registerBrowseRoutes } from './browse.routes';
import { createBrowseService } from './browse.service';
import { createCatalogueHotPath } from './catalogue-hot-path';
import { createHomeRowsHotPath, PAGE_ROWS_ROUTE } from './home-rows-hot-path';
import type { TableGenerations } from '../../lib/table-generations';
import { createCatalogueCache, type CatalogueCache } from './catalogue-cache';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import type { ViewContext } from './catalogue.views';
import { createCollectionsService } from './collections.service';
import { createContentTexts } from './content-texts';
import { createFavoritesRepository } from './favorites.repository';
import { registerFavoritesRoutes } from './favorites.routes';
import { createListPlayback } from './list-playback';
import { registerListPlaybackRoutes } from './list-playback.routes';
import { createFavoritesService } from './favorites.service';
import { registerLiveEventQrCodeRoute } from './live-events-qr-code.routes';
import { createLiveEventsService } from './live-events.service';
import { createPageRowsService } from './page-rows.service';
import type { HomeRowDeskRow } from './home-rows-desk';
import { createReplayService } from './replay.service';
import { createSearchRepository } from './search.repository';
import { createSearchService } from './search.service';
import { cacheSearchPages } from './search-page-cache';

/** Wires the catalogue browsing services once, so app.ts stays a list of modules. */
export function createCatalogueBrowse(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  repo: CatalogueRepository;
  catalogue: CatalogueService;
  service: ServiceReads;
  clips: ClipCatalog;
  view: ViewContext;
  now?: () => Date;
  /** The app's catalogue cache, shared with the catalogue service; a new one when not given. */
  cache?: CatalogueCache;
  /** The table write counters (decision 037), for the customer's own cached rows. */
  generations?: TableGenerations;
  /** Whether the Dummy testing store is on: /inapp lists its offers only then. */
  isDummyOn: boolean;
}) {
  const { db, repo, catalogue, view, now } = deps;
  const browseRepo = createBrowseRepository(db);
  const cache = deps.cache ?? createCatalogueCache(db);
  const texts = createContentTexts({ db, cache });
  const collections = createCollectionsService({ repo, browse: browseRepo, catalogue, view });
  const pageRows = createPageRowsService({
    ...{ repo, catalogue, collections, cache, view, now, texts },
    generations: deps.generations,
  });
  /**
   * The same page-rows code over the rows given, for the console's preview (decision 106): nothing
   * cached (a draft is previewed once), and a viewer with no favourites nor resume points, so
   * their own rows are empty as a new viewer's are. The rest reads what the viewers' reads read.
   */
  const pageRowsOver = (rows: HomeRowDeskRow[]) =>
    createPageRowsService({
      ...{ repo, catalogue, collections, cache, view, now, texts },
      repo: {
        ...repo,
        listPageRows: async () => rows,
        listFavoriteContents: async () => [],
        listProcessingContents: async () => [],
      },
      cache: { ...cache, get: <T>(_key: string, _ttl: number, load: () => Promise<T>) => load() },
    });
  const browse = createBrowseService({
    repo,
    browse: browseRepo,
    catalogue,
    collections,
    clips: deps.clips,
    cache,
    view,
  });
  const replay = createReplayService({ repo, browse: browseRepo, cache, view, now });
  const liveEvents = createLiveEventsService({ repo, browse: browseRepo, view, now });
  const search = cacheSearchPages(
    createSearchService({
      search: createSearchRepository(db, deps.dialect),
      repo,
      browse: browseRepo,
      catalogue,
      cache,
      view,
      texts,
    }),
    cache,
  );
  const favorites = createFavoritesService({ repo, favorites: createFavoritesRepository(db), catalogue, view, now });
  const lists = createListPlayback({ browse, catalogue, favorites, repo });

  /**
   * A visitor's language as the route's common parameters read it (the `locale` parameter, else
   * Accept-Language, else fr): the hot path answers in it too (decision 107).
   */
  const visitorLocale = (request: IncomingMessage) => {
    const url = request.url ?? '';
    const at = url.indexOf('?');
    const param = at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get('locale');
    return pickLocale(param ?? undefined, request.headers['accept-language']);
  };
  /** What `value` is in the visitor's language now, when known without waiting (decision 097). */
  const peekIn = (value: object | undefined, request: IncomingMessage) =>
    value === undefined ? undefined : texts.peekLocalised(value, visitorLocale(request));

  return {
    cache,
    pageRows,
    pageRowsOver,
    /** The contents' texts in the viewer's language (decision 107). */
    texts,
    /** One live event with its state (the live module's event streams read it). */
    getLiveEvent: (rawId: string) => liveEvents.get(rawId),
    /** The content a list plays now (decision 057): playback's list stream calls read it. */
    listItemToPlay: lists.itemToPlay,
    /** Resume points: the cast receiver's reports save them too (decision 070). */
    favorites,
    register(api: FastifyInstance, checkResponses: boolean) {
      // A visitor's repeat of a content or a collection, answered before routing with the bytes
      // the route would send (decision 097): the same cached object, serialised once.
      const hotPath = createCatalogueHotPath({
        cookieName: api.sessionCookies.name,
        maxUrlLength: MAX_URL_LENGTH,
        reads: [
          {
            route: API_BASE_PATH + endpoints.getContent.path,
            read: async (rawId, request) => texts.localise(await catalogue.getContent(rawId), visitorLocale(request)),
            peek: (rawId, request) => peekIn(catalogue.peekContent(rawId), request),
            wrap: (content) => ({ Content: content }),
          },
          {
            route: API_BASE_PATH + endpoints.getContentCollection.path,
            read: async (rawId, request) => texts.localise(await browse.getCollection(rawId), visitorLocale(request)),
            peek: (rawId, request) => peekIn(browse.peekCollection(rawId), request),
            wrap: (collection) => ({ ContentCollection: collection }),
          },
        ],
        headersOfRoute: api.securityHeaders.headersOfRoute,
        requestIdOf: api.requestIdOf,
        recorderOf: (route) => {
          const record = api.metrics.latencyRecorder(route, 'GET', 200);
          return (seconds) => {
            record(seconds);
            api.metrics.countCatalogueFromMemory();
          };
        },
      });
      hotPath.watch(api);
      api.addHotRoute(hotPath.answer);
      // A page's rows asked again, for a visitor or a valid session, before routing (decision 123).
      const rowsHotPath = createHomeRowsHotPath({
        ...{ cookieName: api.sessionCookies.name, maxUrlLength: MAX_URL_LENGTH, pageRows, checkResponses },
        findSession: (token) => api.sessions.findValid(token, api.now()),
        peekSession: (token) => api.sessions.peekValid(token, api.now().getTime()),
        headers: api.securityHeaders.headersOfRoute(PAGE_ROWS_ROUTE),
        requestIdOf: api.requestIdOf,
        record: api.metrics.latencyRecorder(PAGE_ROWS_ROUTE, 'GET', 200),
        log: api.log,
      });
      rowsHotPath.watch(api);
      api.addHotRoute(rowsHotPath.answer);
      registerBrowseRoutes(api, {
        browse,
        replay,
        liveEvents,
        search,
        texts,
        listOffers: async () => (await deps.service.listOffers()).map(toInAppPurchase),
        isDummyOn: deps.isDummyOn,
        checkResponses,
      });
      registerFavoritesRoutes(api, { favorites, checkResponses });
      registerListPlaybackRoutes(api, { lists, checkResponses });
      registerLiveEventQrCodeRoute(api, { liveEvents });
    },
  };
}
