import { z } from 'zod';
import { contentListSchema, contentSchema } from '../entities/catalogue';
import { defineEndpoint } from '../endpoint';

// Customer-linked catalogue calls of spec 2 §7: favourites, resume points, continue watching,
// event log. Without a session they answer 4, except is-favorite (false).

const idParams = z.object({ id: z.string() });
const listSummary = contentListSchema.omit({ contents: true });
const flag = z.enum(['0', '1']);
/** Seconds of playback, as the players send them (integers or decimals). */
const seconds = z.string().regex(/^\d{1,7}(\.\d{1,3})?$/);

export const setContentFavorite = defineEndpoint({
  method: 'GET',
  path: '/content/:id/set-favorite',
  access: 'customer',
  visitorError: 4,
  summary: 'Adds (is_favorite=1) or removes (0) a content from the favourites; logged customers',
  tags: ['customer'],
  params: idParams,
  query: z.object({ is_favorite: flag }),
  response: z.object({ IsFavorite: z.boolean() }),
  errors: [4, 20],
});

export const isContentFavorite = defineEndpoint({
  method: 'GET',
  path: '/content/:id/is-favorite',
  access: 'visitor',
  summary: 'Whether a content is a favourite of the customer (false for visitors)',
  tags: ['customer'],
  params: idParams,
  response: z.object({ IsFavorite: z.boolean() }),
  errors: [20],
});

export const getContentFavorites = defineEndpoint({
  method: 'GET',
  path: '/content/favorites',
  access: 'customer',
  visitorError: 4,
  summary: 'Favourite contents of the customer, newest first',
  tags: ['customer'],
  response: z.object({ Collection: z.array(contentSchema) }),
  errors: [4],
});

export const setContentListFavorite = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/set-favorite',
  access: 'customer',
  visitorError: 4,
  summary: 'Adds (is_favorite=1) or removes (0) a content list from the favourites',
  tags: ['customer'],
  params: idParams,
  query: z.object({ is_favorite: flag }),
  response: z.object({ IsFavorite: z.boolean() }),
  errors: [4, 21],
});

export const isContentListFavorite = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/is-favorite',
  access: 'visitor',
  summary: 'Whether a content list is a favourite of the customer',
  tags: ['customer'],
  params: idParams,
  response: z.object({ IsFavorite: z.boolean() }),
  errors: [21],
});

export const getContentListFavorites = defineEndpoint({
  method: 'GET',
  path: '/content-list/favorites',
  access: 'customer',
  visitorError: 4,
  summary: 'Favourite content lists of the customer, newest first',
  tags: ['customer'],
  response: z.object({ ContentLists: z.array(listSummary) }),
  errors: [4],
});

export const getCustomerFavorites = defineEndpoint({
  method: 'GET',
  path: '/customer/favorites',
  access: 'customer',
  visitorError: 4,
  summary: 'Every favourite of the customer: contents and content lists',
  tags: ['customer'],
  response: z.object({ Favorites: z.object({ Contents: z.array(contentSchema), ContentLists: z.array(listSummary) }) }),
  errors: [4],
});

export const getContentsProcessing = defineEndpoint({
  method: 'GET',
  path: '/customer/content/processing',
  access: 'customer',
  visitorError: 4,
  summary: 'Continue watching: contents in progress with playbackTime and percentage',
  tags: ['customer'],
  response: z.object({ ContentsProcessing: z.array(contentSchema) }),
  errors: [4],
});

export const setContentPlaybackStatus = defineEndpoint({
  method: 'GET',
  path: '/content/:id/playback/status',
  access: 'customer',
  visitorError: 4,
  summary: 'Saves the resume point (spec 2 §4 Resume); answers the content with its progress',
  tags: ['customer'],
  params: idParams,
  query: z.object({ playback_time: seconds }),
  response: z.object({ Content: contentSchema }),
  errors: [4, 20],
});

/**
 * spec 2 §7 GET /content-list/{id}/playback/status: the list plays as one (decision 057), so
 * playback_time is on the list's timeline (its contents' durations end to end). The content at that
 * time gets the resume point and is answered with its progress.
 */
export const setContentListPlaybackStatus = defineEndpoint({
  method: 'GET',
  path: '/content-list/:id/playback/status',
  access: 'customer',
  visitorError: 4,
  summary: 'Saves the resume point of a list played as one; answers the content at that time',
  tags: ['customer'],
  params: idParams,
  query: z.object({ playback_time: seconds }),
  response: z.object({ Content: contentSchema }),
  errors: [4, 20, 21],
});

export const setEpisodePlaybackStatus = defineEndpoint({
  method: 'GET',
  path: '/episode/:id/playback/status',
  access: 'customer',
  visitorError: 4,
  summary: 'Saves the resume point of an episode (playbackTime, or playback_time)',
  tags: ['customer'],
  params: idParams,
  query: z.object({ playbackTime: seconds.optional(), playback_time: seconds.optional() }),
  response: z.object({ Content: contentSchema }),
  errors: [4, 20],
});

export const setEpisodePercentage = defineEndpoint({
  method: 'GET',
  path: '/episode/:id/percentage/set',
  access: 'customer',
  visitorError: 4,
  summary: 'Sets the watched percentage of an episode (0 to 100)',
  tags: ['customer'],
  params: idParams,
  query: z.object({ percentage: z.string().regex(/^\d{1,3}(\.\d{1,3})?$/) }),
  response: z.object({ Content: contentSchema }),
  errors: [4, 20],
});

export const logEvent = defineEndpoint({
  method: 'POST',
  path: '/event/log',
  access: 'visitor',
  summary: 'Records that an item was opened (form-encoded content_type, content_type_id)',
  tags: ['catalogue'],
  body: z.object({
    content_type: z.enum(['Content', 'ContentList', 'Channel', 'LiveEvent', 'Episode', 'Series', 'Season']),
    content_type_id: z.string().regex(/^\d{1,9}$/),
    /**
     * Beyond the spec: quality of experience from the player. play_start carries the
     * time from load to the first frame, rebuffer a stall's length, error the error code.
     */
    event: z.enum(['play_start', 'rebuffer', 'error']).optional(),
    value_ms: z.coerce.number().int().min(0).max(3_600_000).optional(),
    detail: z
      .string()
      .max(120)
      .regex(/^[\w .:/-]*$/)
      .optional(),
  }),
  response: z.object({ Success: z.boolean() }),
});
