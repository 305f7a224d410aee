import { z } from 'zod';
import {
  channelSchema,
  contentListSchema,
  contentSchema,
  pageRowSchema,
  scheduleSchema,
  seriesSchema,
} from '../entities/catalogue';
import { inAppPurchaseSchema } from '../entities/app';
import { defineEndpoint } from '../endpoint';

const idParams = z.object({ id: z.string() });

/** spec 2 §7 GET /page/{id}/rows (with_data, genre). The home is page `home`. */
export const getPageRows = defineEndpoint({
  method: 'GET',
  path: '/page/:id/rows',
  access: 'visitor',
  summary: 'Rows of a page (home, comedy, ...)',
  tags: ['catalogue'],
  params: idParams,
  query: z.object({ with_data: z.enum(['0', '1']).optional(), genre: z.string().max(64).optional() }),
  response: z.object({ Rows: z.array(pageRowSchema) }),
  errors: [7],
});

export const getContent = defineEndpoint({
  method: 'GET',
  path: '/content/:id',
  access: 'visitor',
  summary: 'One content',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Content: contentSchema }),
  errors: [20],
});

export const getRelatedContents = defineEndpoint({
  method: 'GET',
  path: '/content/:id/related',
  access: 'visitor',
  summary: 'Contents related to one content',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Collection: z.array(contentSchema) }),
  errors: [20],
});

export const getChannels = defineEndpoint({
  method: 'GET',
  path: '/channels',
  access: 'visitor',
  summary: 'Live channels, with their current programme',
  tags: ['live'],
  query: z.object({ genre: z.string().max(64).optional() }),
  response: z.object({ Channels: z.array(channelSchema) }),
});

export const getChannel = defineEndpoint({
  method: 'GET',
  path: '/channel/:id',
  access: 'visitor',
  summary: "One live channel with today's schedule",
  tags: ['live'],
  params: idParams,
  response: z.object({ Channel: channelSchema }),
  errors: [22],
});

export const getChannelSchedule = defineEndpoint({
  method: 'GET',
  path: '/channel/:id/schedule',
  access: 'visitor',
  summary: 'Programme guide of a channel between two dates (ISO 8601)',
  tags: ['live'],
  params: idParams,
  query: z.object({ date_from: z.string().max(40).optional(), date_to: z.string().max(40).optional() }),
  response: z.object({ Schedules: z.array(scheduleSchema) }),
  errors: [22],
});

export const getSeriesCatalogue = defineEndpoint({
  method: 'GET',
  path: '/series',
  access: 'visitor',
  summary: 'All series',
  tags: ['catalogue'],
  response: z.object({ Series: z.array(contentListSchema.omit({ contents: true })) }),
});

export const getSeries = defineEndpoint({
  method: 'GET',
  path: '/series/:id',
  access: 'visitor',
  summary: 'One series with its seasons',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Series: seriesSchema }),
  errors: [21],
});

export const getSeason = defineEndpoint({
  method: 'GET',
  path: '/season/:id',
  access: 'visitor',
  summary: 'One season with its episodes',
  tags: ['catalogue'],
  params: idParams,
  response: z.object({ Season: contentListSchema }),
  errors: [21],
});

/** spec 1 §7 GET /landing/data (name_key): what the landing page shows a visitor. */
export const getLandingData = defineEndpoint({
  method: 'GET',
  path: '/landing/data',
  access: 'visitor',
  summary: 'Landing page data: offers, kids and music channels, films and series',
  tags: ['catalogue'],
  query: z.object({ name_key: z.string().max(64).optional() }),
  response: z.object({
    Landing: z.object({
      title: z.string(),
      subtitle: z.string(),
      offers: z.array(inAppPurchaseSchema),
      kidsChannels: z.array(channelSchema.omit({ schedules: true })),
      musicChannels: z.array(channelSchema.omit({ schedules: true })),
      films: z.array(contentSchema),
      series: z.array(contentListSchema.omit({ contents: true })),
    }),
  }),
});
