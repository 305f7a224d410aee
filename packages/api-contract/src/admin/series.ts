import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { CONTENT_RATINGS } from './catalogue';

// Series, their seasons and episodes, edited from the console (decision 105). The viewers read them
// through spec 2's GET /series, /series/{id} and /season/{id}, which follow each change at once.

const TextSchema = z.object({ title: z.string().trim().max(200), synopsis: z.string().trim().max(4000) });
/** Title and synopsis in the four languages; the French title is the one the viewers' apps show. */
export const DeskTextsSchema = z.object({ fr: TextSchema, en: TextSchema, nl: TextSchema, es: TextSchema });

/**
 * Why a change of a series is refused (error 3, message `series.<reason>`), said in the staff
 * member's language: `title` a series without a French title is not published; `empty` nor one
 * without an episode; `taken` the content is already an episode (of this or another series) or in
 * another list; `season-number` that season number is taken; `season-not-empty` a season with
 * episodes is not removed; `order` an order that does not name each episode of the season once;
 * `position` a place outside the season; `not-episode` the content is not an episode of that season.
 */
export const SERIES_REFUSALS = [
  'title',
  'empty',
  'taken',
  'season-number',
  'season-not-empty',
  'order',
  'position',
  'not-episode',
] as const;
export type SeriesRefusal = (typeof SERIES_REFUSALS)[number];

const EpisodeSchema = z.object({
  contentId: z.number().int(),
  /** Its number in the season, from 1: the order the viewers' season page lists. */
  number: z.number().int(),
  title: z.string(),
  duration: z.number(),
  posterUrl: z.string().nullable(),
  /** Whether viewers can play it now (its own publication and the series'). */
  live: z.boolean(),
});

const SeasonSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  episodes: z.array(EpisodeSchema),
});

const AdminSeriesSchema = z.object({
  id: z.number().int(),
  texts: DeskTextsSchema,
  /** The French scale of decision 059. */
  rating: z.number().int(),
  /** Whether viewers see it (GET /series and its pages). */
  published: z.boolean(),
  posterUrl: z.string().nullable(),
  seasons: z.array(SeasonSchema),
});
export type AdminSeries = z.infer<typeof AdminSeriesSchema>;

const AdminSeriesSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  posterUrl: z.string().nullable(),
  seasons: z.number().int(),
  episodes: z.number().int(),
});
export type AdminSeriesSummary = z.infer<typeof AdminSeriesSummarySchema>;

const rating = z
  .number()
  .int()
  .refine((r) => (CONTENT_RATINGS as readonly number[]).includes(r));
const Id = z.object({ id: z.coerce.number().int().positive() });
const SeriesAnswer = z.object({ series: AdminSeriesSchema });

export const listAdminSeries = defineAdminEndpoint({
  method: 'GET',
  path: '/series',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Every series, newest first, published or not; `after` is the last id of the previous page; `q` finds a series by the beginning of a word of its title in fr, en, nl or es (decision 117)',
  query: z.object({
    q: z.string().trim().min(2).max(100).optional(),
    after: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.object({ series: z.array(AdminSeriesSummarySchema), next: z.number().int().nullable() }),
});

export const createAdminSeries = defineAdminEndpoint({
  method: 'POST',
  path: '/series',
  access: 'staff',
  roles: ['editor'],
  summary: 'Creates a series, unpublished, with its texts in four languages and its rating (audited)',
  body: z.object({ texts: DeskTextsSchema.refine((t) => t.fr.title.length > 0), rating }),
  response: SeriesAnswer,
});

export const getAdminSeries = defineAdminEndpoint({
  method: 'GET',
  path: '/series/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'One series with its texts, its seasons and their episodes in order',
  params: Id,
  response: SeriesAnswer,
});

export const updateAdminSeries = defineAdminEndpoint({
  method: 'POST',
  path: '/series/:id',
  access: 'staff',
  roles: ['editor'],
  summary:
    'Changes a series’ texts and rating; `artworkContentId` takes a content’s poster, portrait, backdrop and preview (audited)',
  params: Id,
  body: z.object({
    texts: DeskTextsSchema.refine((t) => t.fr.title.length > 0),
    rating,
    artworkContentId: z.number().int().positive().optional(),
  }),
  response: SeriesAnswer,
});

export const publishAdminSeries = defineAdminEndpoint({
  method: 'POST',
  path: '/series/:id/publish',
  access: 'staff',
  roles: ['editor'],
  summary: 'Shows a series, its seasons and its episodes to the viewers (audited)',
  params: Id,
  response: SeriesAnswer,
});

export const unpublishAdminSeries = defineAdminEndpoint({
  method: 'POST',
  path: '/series/:id/unpublish',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes a series, its seasons and its episodes away from the viewers (audited)',
  params: Id,
  response: SeriesAnswer,
});

export const addAdminSeason = defineAdminEndpoint({
  method: 'POST',
  path: '/series/:id/seasons',
  access: 'staff',
  roles: ['editor'],
  summary: 'Adds a season to a series; its number defaults to the next one (audited)',
  params: Id,
  body: z.object({ number: z.number().int().min(1).max(999).optional() }),
  response: SeriesAnswer,
});

export const removeAdminSeason = defineAdminEndpoint({
  method: 'POST',
  path: '/seasons/:id/remove',
  access: 'staff',
  roles: ['editor'],
  summary: 'Removes an empty season (audited)',
  params: Id,
  response: SeriesAnswer,
});

export const attachAdminEpisode = defineAdminEndpoint({
  method: 'POST',
  path: '/seasons/:id/episodes',
  access: 'staff',
  roles: ['editor'],
  summary: 'Makes a content an episode of a season, last or at `number` (the later ones move down; audited)',
  params: Id,
  body: z.object({
    contentId: z.number().int().positive(),
    number: z.number().int().min(1).max(9999).optional(),
  }),
  response: SeriesAnswer,
});

export const reorderAdminEpisodes = defineAdminEndpoint({
  method: 'POST',
  path: '/seasons/:id/episodes/order',
  access: 'staff',
  roles: ['editor'],
  summary: 'Numbers a season’s episodes in a new order; the list must name each episode once (audited)',
  params: Id,
  body: z.object({ contentIds: z.array(z.number().int().positive()).min(1).max(9999) }),
  response: SeriesAnswer,
});

export const detachAdminEpisode = defineAdminEndpoint({
  method: 'POST',
  path: '/seasons/:id/episodes/:contentId/detach',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes an episode out of its season; the content keeps its own publication (audited)',
  params: z.object({
    id: z.coerce.number().int().positive(),
    contentId: z.coerce.number().int().positive(),
  }),
  response: SeriesAnswer,
});
