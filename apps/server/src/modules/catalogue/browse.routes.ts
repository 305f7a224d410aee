import type { FastifyInstance } from 'fastify';
import { endpoints, type InAppPurchase } from '@playz/api-contract';
import { billingTypesAvailableOn } from '@playz/domain';
import { registerEndpoint } from '../../lib/register-endpoint';
import { offersOnPlatform } from './in-app-offers';
import type { BrowseService } from './browse.service';
import type { LiveEventsService } from './live-events.service';
import type { ReplayService } from './replay.service';
import type { SearchService } from './search.service';

export interface BrowseRouteDeps {
  browse: BrowseService;
  replay: ReplayService;
  liveEvents: LiveEventsService;
  search: SearchService;
  listOffers(): Promise<InAppPurchase[]>;
  /** Whether the Dummy testing store is on (BILLING_DUMMY): its offers are listed only then. */
  isDummyOn: boolean;
  checkResponses: boolean;
}

/** The catalogue calls of spec 2 §7 beyond pages, contents, series and channels. */
export function registerBrowseRoutes(app: FastifyInstance, deps: BrowseRouteDeps) {
  const { browse, replay, liveEvents } = deps;
  const opts = { checkResponses: deps.checkResponses };
  const get = <E extends (typeof endpoints)[keyof typeof endpoints]>(
    endpoint: E,
    handler: Parameters<typeof registerEndpoint<E>>[2],
  ) => registerEndpoint(app, endpoint, handler, opts);

  get(endpoints.getContentFrames, async ({ params }) => ({ Frames: await browse.getFrames(params.id) }));
  get(endpoints.getContentList, async ({ params }) => ({ ContentList: await browse.getContentList(params.id) }));
  get(endpoints.getCategories, async () => ({ Categories: await browse.listCategories() }));
  get(endpoints.getCategory, async ({ params }) => ({ Category: await browse.getCategory(params.id) }));
  get(endpoints.getContentCollection, async ({ params }) => ({
    ContentCollection: await browse.getCollection(params.id),
  }));
  get(endpoints.getCharacters, async () => ({ Characters: await browse.listCharacters() }));
  get(endpoints.getCharacter, async ({ params }) => ({ Character: await browse.getCharacter(params.id) }));
  get(endpoints.getGames, async () => ({ Games: await browse.listGames() }));

  get(endpoints.getReplayFilms, async () => ({ Collection: await replay.films() }));
  get(endpoints.getReplaySeries, async () => ({ Collection: await replay.series() }));
  get(endpoints.getReplayLastHours, async () => ({ Collection: await replay.lastHours() }));
  get(endpoints.getReplayChannels, async () => ({ Collections: await replay.byChannel() }));
  get(endpoints.getReplayGenres, async () => ({ Collections: await replay.byGenre() }));
  get(endpoints.getChannelReplay, async ({ params }) => ({ Collection: await replay.channelReplay(params.id) }));

  get(endpoints.getLiveEvents, async ({ query }) => ({
    LiveEvents: await liveEvents.list(query.date_from, query.date_to),
  }));
  get(endpoints.getLiveEventReplays, async () => ({ LiveEvents: await liveEvents.replays() }));
  get(endpoints.getLiveEvent, async ({ params }) => ({ LiveEvent: await liveEvents.get(params.id) }));

  get(endpoints.getComedyShow, async () => browse.getComedyShow());
  get(endpoints.resolveDeeplink, async ({ query }) => ({ Deeplink: await browse.resolveDeeplink(query.asset_id) }));
  get(endpoints.getCsaContents, async () => ({ Collection: await browse.getCsaContents() }));
  get(endpoints.getInApp, async ({ request }) => {
    // Dummy is added on every platform (spec 3 §4), but only a server whose Dummy store is on
    // sells through it: elsewhere its offers would be buttons that answer 33.
    const types = billingTypesAvailableOn(request.common.platform, request.common.billingTypes).filter(
      (type) => type !== 'Dummy' || deps.isDummyOn,
    );
    return { InAppPurchases: offersOnPlatform(await deps.listOffers(), types) };
  });
  get(endpoints.search, async ({ query }) =>
    deps.search.search({ keywords: query.keywords, page: query.page, pageSize: query.page_size }),
  );
}
