import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { keysetQuery, NextCursorSchema } from './keyset-page';

/** The four languages an event is named in (fr first, the service's). */
export const LIVE_EVENT_LOCALES = ['fr', 'en', 'nl', 'es'] as const;

const LiveEventText = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(4000),
});

/** What an editor sets on a live event (decision 108). */
export const AdminLiveEventInputSchema = z.object({
  /** Name and description per language; French is required, the others fall back to it when empty. */
  texts: z.object({
    fr: LiveEventText,
    en: LiveEventText.partial(),
    nl: LiveEventText.partial(),
    es: LiveEventText.partial(),
  }),
  /** The channel that carries it live; null for an event with no channel yet. */
  channelId: z.number().int().positive().nullable(),
  /** When it starts, ISO 8601 with its offset, or UTC. */
  start: z.string().min(10).max(40),
  /** Its length in minutes (1 minute to 2 days, the longest the viewers' calls look back). */
  durationMinutes: z
    .number()
    .int()
    .min(1)
    .max(2 * 24 * 60),
  /** How long before the start it is already on air ("Processing", spec 2 §4), in minutes. */
  leadMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  /** What viewers see during the countdown (spec 2 §3 countdownType). */
  countdownType: z.enum(['Image', 'Video', 'Stream']),
  /** The offer that sells its pass (spec 3 LivePurchase); null: the service's LivePurchase offer. */
  passOfferId: z.number().int().positive().nullable(),
  /** Its artwork, a path under the media directory (e.g. "posters/gala.jpg"); null: its replay's or channel's. */
  poster: z
    .string()
    .max(300)
    .regex(/^(?!.*\.\.)[\w-][\w./-]*\.(jpe?g|png|webp)$/i)
    .nullable(),
  locationName: z.string().trim().max(200).nullable(),
  locationAddress: z.string().trim().max(300).nullable(),
});
export type AdminLiveEventInput = z.infer<typeof AdminLiveEventInputSchema>;

const AdminLiveEventSchema = AdminLiveEventInputSchema.extend({
  id: z.number().int(),
  /** spec 2 §4: Pending, Processing or Past, now. */
  state: z.enum(['Pending', 'Processing', 'Past']),
  /** When an editor cancelled or hid it; null when viewers see it. */
  hiddenAt: z.string().nullable(),
  /** Its replay's content (spec 2: a replay when contentID is above 0); null without one. */
  replay: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  channelName: z.string().nullable(),
});
export type AdminLiveEvent = z.infer<typeof AdminLiveEventSchema>;

/** Why a live event change is refused (error 3); the console says it in the member's language. */
export const LIVE_EVENT_REFUSALS = ['channel', 'offer', 'not-ended', 'content', 'start'] as const;
export type LiveEventRefusal = (typeof LIVE_EVENT_REFUSALS)[number];

const EventParams = z.object({ id: z.coerce.number().int().positive() });
const EventAnswer = z.object({ event: AdminLiveEventSchema });

export const listAdminLiveEvents = defineAdminEndpoint({
  method: 'GET',
  path: '/live-events',
  access: 'staff',
  roles: ['editor'],
  summary:
    'The live events, latest start first, hidden ones included, a page at a time, with the offers that may sell a pass',
  query: z.object(keysetQuery(50)),
  response: z.object({
    events: z.array(AdminLiveEventSchema),
    /** The LivePurchase offers an event's pass may be sold at. */
    passOffers: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number() })),
    next: NextCursorSchema,
  }),
});

export const createAdminLiveEvent = defineAdminEndpoint({
  method: 'POST',
  path: '/live-events',
  access: 'staff',
  roles: ['editor'],
  summary: 'Creates a live event; viewers see it at once with its countdown',
  body: AdminLiveEventInputSchema,
  response: EventAnswer,
});

export const updateAdminLiveEvent = defineAdminEndpoint({
  method: 'POST',
  path: '/live-events/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'Changes a live event: texts, channel, dates, countdown, pass offer, artwork',
  params: EventParams,
  body: AdminLiveEventInputSchema,
  response: EventAnswer,
});

export const hideAdminLiveEvent = defineAdminEndpoint({
  method: 'POST',
  path: '/live-events/:id/hide',
  access: 'staff',
  roles: ['editor'],
  summary: 'Cancels or hides a live event: it leaves every viewers’ call (lists, page, stream, pass)',
  params: EventParams,
  response: EventAnswer.extend({ repeated: z.boolean() }),
});

export const showAdminLiveEvent = defineAdminEndpoint({
  method: 'POST',
  path: '/live-events/:id/show',
  access: 'staff',
  roles: ['editor'],
  summary: 'Puts a hidden live event back before the viewers',
  params: EventParams,
  response: EventAnswer.extend({ repeated: z.boolean() }),
});

export const setAdminLiveEventReplay = defineAdminEndpoint({
  method: 'POST',
  path: '/live-events/:id/replay',
  access: 'staff',
  roles: ['editor'],
  summary: 'Attaches a content as the replay of an event that has ended (0 takes it off)',
  params: EventParams,
  body: z.object({ contentId: z.number().int().min(0) }),
  response: EventAnswer,
});
