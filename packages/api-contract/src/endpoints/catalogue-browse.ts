import { z } from 'zod';
import { inAppPurchaseSchema } from '../entities/app';
import {
  categoryDetailSchema,
  categorySchema,
  channelSchema,
  characterDetailSchema,
  characterSchema,
  contentCollectionSchema,
  contentListSchema,
  contentSchema,
  frameSchema,
  gameSchema,
  liveEventSchema,
  namedCollectionSchema,
} from '../entities/catalogue';
import { defineEndpoint } from '../endpoint';

// The catalogue calls of spec 2 §7 beyond pages, contents, series and channels (decisions 013, 014 and 020).

const idParams = z.object({ id: z.string() });
const listSummary = contentListSchema.omit({ contents: true });
const isoDate = z.string().max(40);

export const getContentFrames = defineEndpoint({
  method: 'GET',
  path: '/content/:id/frames',
  access: 'visitor',
  summary: 'Seek-bar pictures of a content (spec 2 §3 Frame)',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Frames: z.array(frameSchema) }),
  errors: [20],
});

export const getContentList = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id',
  access: 'visitor',
  summary: 'One content list with its contents',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ ContentList: contentListSchema }),
  errors: [21],
});

/**
 * spec 2 §7 GET /content-list/{id}/related: contents related to the list's first one, without the
 * list's own (decision 057).
 */
export const getContentListRelated = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/related',
  access: 'visitor',
  summary: 'Contents related to a content list',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Collection: z.array(contentSchema) }),
  errors: [21],
});

/**
 * spec 2 §7 GET /content-list/{id}/frames: the list plays as one (decision 057), so its frames are
 * its contents' in order, each time counted from the list's start.
 */
export const getContentListFrames = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/frames',
  access: 'visitor',
  summary: "Seek-bar pictures of a content list on the list's one timeline",
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Frames: z.array(frameSchema) }),
  errors: [21],
});

export const getCategories = defineEndpoint({
  method: 'GET',
  path: '/categories/',
  access: 'visitor',
  summary: 'Every category',
  tags: ['catalogue'],
  response: z.object({ Categories: z.array(categorySchema) }),
});

export const getCategory = defineEndpoint({
  method: 'GET',
  path: '/category/:id',
  access: 'visitor',
  summary: 'One category with its contents',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Category: categoryDetailSchema }),
  errors: [23],
});

export const getContentCollection = defineEndpoint({
  method: 'GET',
  path: '/content-collection/:id',
  access: 'visitor',
  summary: 'One content collection with its typed items',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ ContentCollection: contentCollectionSchema }),
  errors: [24],
});

export const getCharacters = defineEndpoint({
  method: 'GET',
  path: '/characters/',
  access: 'visitor',
  summary: 'Every character',
  tags: ['catalogue'],
  response: z.object({ Characters: z.array(characterSchema) }),
});

export const getCharacter = defineEndpoint({
  method: 'GET',
  path: '/character/:id',
  access: 'visitor',
  summary: 'One character with the contents they appear in',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Character: characterDetailSchema }),
  errors: [25],
});

export const getGames = defineEndpoint({
  method: 'GET',
  path: '/games',
  access: 'visitor',
  summary: 'Games',
  tags: ['catalogue'],
  response: z.object({ Games: z.array(gameSchema) }),
});

export const getReplayFilms = defineEndpoint({
  method: 'GET',
  path: '/replay/films',
  access: 'visitor',
  summary: 'Films in replay, newest first',
  tags: ['replay'],
  response: z.object({ Collection: z.array(contentSchema) }),
});

export const getReplaySeries = defineEndpoint({
  method: 'GET',
  path: '/replay/series',
  access: 'visitor',
  summary: 'Latest episodes of the series in replay',
  tags: ['replay'],
  response: z.object({ Collection: z.array(contentSchema) }),
});

export const getReplayLastHours = defineEndpoint({
  method: 'GET',
  path: '/replay/last-hours',
  access: 'visitor',
  summary: 'Programmes that ended within the last 24 hours, newest first',
  tags: ['replay'],
  response: z.object({ Collection: z.array(contentSchema) }),
});

export const getReplayChannels = defineEndpoint({
  method: 'GET',
  path: '/replay/channels',
  access: 'visitor',
  summary: 'Replay by channel: one collection per channel (last 7 days)',
  tags: ['replay'],
  response: z.object({ Collections: z.array(namedCollectionSchema) }),
});

export const getReplayGenres = defineEndpoint({
  method: 'GET',
  path: '/replay/genres',
  access: 'visitor',
  summary: 'Replay by genre: one collection per category',
  tags: ['replay'],
  response: z.object({ Collections: z.array(namedCollectionSchema) }),
});

export const getChannelReplay = defineEndpoint({
  method: 'GET',
  path: '/channel/:id/replay',
  access: 'visitor',
  summary: 'Programmes of a channel that ended within the last 7 days, newest first',
  tags: ['replay'],
  params: idParams,
  response: z.object({ Collection: z.array(contentSchema) }),
  errors: [22],
});

export const getLiveEvents = defineEndpoint({
  method: 'GET',
  path: '/live-events/',
  access: 'visitor',
  summary: 'Live events between two dates (ISO 8601; default: from now on)',
  tags: ['live'],
  query: z.object({ date_from: isoDate.optional(), date_to: isoDate.optional() }),
  response: z.object({ LiveEvents: z.array(liveEventSchema) }),
});

export const getLiveEventReplays = defineEndpoint({
  method: 'GET',
  path: '/live-events/replays',
  access: 'visitor',
  summary: 'Past live events that have a replay',
  tags: ['live'],
  response: z.object({ LiveEvents: z.array(liveEventSchema) }),
});

export const getLiveEvent = defineEndpoint({
  method: 'GET',
  path: '/live-event/:id',
  access: 'visitor',
  summary: 'One live event with its state and countdown',
  tags: ['live'],
  params: idParams,
  response: z.object({ LiveEvent: liveEventSchema }),
  errors: [100],
});

export const getComedyShow = defineEndpoint({
  method: 'GET',
  path: '/comedy/show',
  access: 'visitor',
  summary: 'The comedy show: its sketches and comedy contents',
  tags: ['catalogue'],
  response: z.object({ ContentCollection: contentCollectionSchema, Collection: z.array(contentSchema) }),
});

export const resolveDeeplink = defineEndpoint({
  method: 'GET',
  path: '/deeplink',
  access: 'visitor',
  summary: 'Resolves a smart-TV asset id (/content/{id} or {type}_{id}) to a player route (spec 2 §2)',
  tags: ['catalogue'],
  query: z.object({ asset_id: z.string().max(80) }),
  response: z.object({
    Deeplink: z.object({ type: z.string(), id: z.number().int(), route: z.string() }),
  }),
  errors: [20, 21, 22, 100],
});

export const getCsaContents = defineEndpoint({
  method: 'GET',
  path: '/service/csa/contents',
  access: 'visitor',
  summary: 'Videos of the campaign page /service/csa',
  tags: ['catalogue'],
  response: z.object({ Collection: z.array(contentSchema) }),
});

export const getInApp = defineEndpoint({
  method: 'GET',
  path: '/inapp',
  access: 'visitor',
  summary: 'Offers that can be bought in the app',
  tags: ['catalogue'],
  response: z.object({ InAppPurchases: z.array(inAppPurchaseSchema) }),
});

const searchItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Content'), Content: contentSchema }),
  z.object({ type: z.literal('ContentList'), ContentList: listSummary }),
  z.object({ type: z.literal('Channel'), Channel: channelSchema.omit({ schedules: true }) }),
]);

export const search = defineEndpoint({
  method: 'GET',
  path: '/search',
  access: 'visitor',
  summary: 'Full-text search over titles, descriptions, series, channels and people; ranked, paged',
  tags: ['catalogue'],
  query: z.object({
    keywords: z.string().max(100),
    page: z
      .string()
      .regex(/^[1-9]\d{0,3}$/)
      .optional(),
    page_size: z
      .string()
      .regex(/^([1-9]|[1-4]\d|50)$/)
      .optional(),
  }),
  response: z.object({
    /** The contents among the results, in rank order (the spec's Collection). */
    Collection: z.array(contentSchema),
    /** Every result of the page, typed, in rank order. */
    Results: z.array(searchItemSchema),
    Total: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
});
