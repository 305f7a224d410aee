import type { FastifyInstance } from 'fastify';
import { endpoints, type InAppPurchase } from '@playz/api-contract';
import { billingTypesAvailableOn } from '@playz/domain';
import { registerEndpoint } from '../../lib/register-endpoint';
import { offersOnPlatform } from './in-app-offers';
import { assertSuitsKids, isKids, kidsCollection, kidsList, kidsOnly } from './kids-filter';
import type { BrowseService } from './browse.service';
import type { ContentTexts } from './content-texts';
import type { LiveEventsService } from './live-events.service';
import type { ReplayService } from './replay.service';
import type { KeptSearch } from './search-page-cache';

export interface BrowseRouteDeps {
  browse: BrowseService;
  replay: ReplayService;
  liveEvents: LiveEventsService;
  search: KeptSearch;
  /** The contents' texts in the viewer's language (decision 107). */
  texts: ContentTexts;
  listOffers(): Promise<InAppPurchase[]>;
  /** Whether the Dummy testing store is on (BILLING_DUMMY): its offers are listed only then. */
  isDummyOn: boolean;
  checkResponses: boolean;
}

/**
 * The catalogue calls of spec 2 §7 beyond pages, contents, series and channels. Answers are the
 * same for everyone (cached) and narrowed per caller: a kids profile gets only what suits it
 * (decision 059).
 */
export function registerBrowseRoutes(app: FastifyInstance, deps: BrowseRouteDeps) {
  const { browse, replay, liveEvents } = deps;
  const opts = { checkResponses: deps.checkResponses };
  const get = <E extends (typeof endpoints)[keyof typeof endpoints]>(
    endpoint: E,
    handler: Parameters<typeof registerEndpoint<E>>[2],
  ) => registerEndpoint(app, endpoint, handler, opts);

  get(endpoints.getContentFrames, async ({ params }) => ({ Frames: await browse.getFrames(params.id) }));
  get(endpoints.getContentList, async ({ auth, params, request }) => {
    const list = await deps.texts.localise(await browse.getContentList(params.id), request.common.locale);
    assertSuitsKids(list, isKids(auth.customer));
    return { ContentList: kidsList(list, isKids(auth.customer)) };
  });
  get(endpoints.getCategories, async () => ({ Categories: await browse.listCategories() }));
  get(endpoints.getCategory, async ({ auth, params }) => {
    const category = await browse.getCategory(params.id);
    return { Category: { ...category, contents: kidsOnly(category.contents, isKids(auth.customer)) } };
  });
  get(endpoints.getContentCollection, async ({ auth, params, request }) => {
    // In the viewer's language, the very object the hot path answers a visitor with (decision 107).
    const collection = await deps.texts.localise(await browse.getCollection(params.id), request.common.locale);
    return { ContentCollection: isKids(auth.customer) ? kidsCollection(collection) : collection };
  });
  get(endpoints.getCharacters, async () => ({ Characters: await browse.listCharacters() }));
  get(endpoints.getCharacter, async ({ auth, params }) => {
    const character = await browse.getCharacter(params.id);
    return { Character: { ...character, contents: kidsOnly(character.contents, isKids(auth.customer)) } };
  });
  get(endpoints.getGames, async () => ({ Games: await browse.listGames() }));

  /** Named collections for a kids profile: what suits it, and no collection left empty by that. */
  const kidsCollections = <T extends { contents: { rating?: number | undefined }[] }>(lists: T[], kids: boolean) =>
    kids
      ? lists.map((l) => ({ ...l, contents: kidsOnly(l.contents, true) })).filter((l) => l.contents.length > 0)
      : lists;
  get(endpoints.getReplayFilms, async ({ auth }) => ({
    Collection: kidsOnly(await replay.films(), isKids(auth.customer)),
  }));
  get(endpoints.getReplaySeries, async ({ auth }) => ({
    Collection: kidsOnly(await replay.series(), isKids(auth.customer)),
  }));
  get(endpoints.getReplayLastHours, async ({ auth }) => ({
    Collection: kidsOnly(await replay.lastHours(), isKids(auth.customer)),
  }));
  get(endpoints.getReplayChannels, async ({ auth }) => ({
    Collections: kidsCollections(await replay.byChannel(), isKids(auth.customer)),
  }));
  get(endpoints.getReplayGenres, async ({ auth }) => ({
    Collections: kidsCollections(await replay.byGenre(), isKids(auth.customer)),
  }));
  get(endpoints.getChannelReplay, async ({ auth, params }) => ({
    Collection: kidsOnly(await replay.channelReplay(params.id), isKids(auth.customer)),
  }));

  get(endpoints.getLiveEvents, async ({ query, request }) => ({
    LiveEvents: await liveEvents.list(query.date_from, query.date_to, request.common.locale),
  }));
  get(endpoints.getLiveEventReplays, async ({ request }) => ({
    LiveEvents: await liveEvents.replays(request.common.locale),
  }));
  get(endpoints.getLiveEvent, async ({ params, request }) => ({
    LiveEvent: await liveEvents.get(params.id, request.common.locale),
  }));

  get(endpoints.getComedyShow, async ({ auth }) => {
    const show = await browse.getComedyShow();
    if (!isKids(auth.customer)) return show;
    return { ContentCollection: kidsCollection(show.ContentCollection), Collection: kidsOnly(show.Collection, true) };
  });
  get(endpoints.resolveDeeplink, async ({ query }) => ({ Deeplink: await browse.resolveDeeplink(query.asset_id) }));
  get(endpoints.getCsaContents, async ({ auth }) => ({
    Collection: kidsOnly(await browse.getCsaContents(), isKids(auth.customer)),
  }));
  get(endpoints.getInApp, async ({ request }) => {
    // Dummy is added on every platform (spec 3 §4), but only a server whose Dummy store is on
    // sells through it: elsewhere its offers would be buttons that answer 33.
    const types = billingTypesAvailableOn(request.common.platform, request.common.billingTypes).filter(
      (type) => type !== 'Dummy' || deps.isDummyOn,
    );
    return { InAppPurchases: offersOnPlatform(await deps.listOffers(), types) };
  });
  get(endpoints.search, async ({ auth, query, request }) =>
    deps.search.searchJson({
      keywords: query.keywords,
      page: query.page,
      pageSize: query.page_size,
      kids: isKids(auth.customer),
      locale: request.common.locale,
    }),
  );
}
