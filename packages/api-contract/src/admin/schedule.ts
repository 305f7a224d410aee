import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

/** One programme of a channel's guide as the schedule editor shows it (decision 103). */
const AdminScheduleEntrySchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  title: z.string(),
  /** The content's rating on the French scale (decision 059): 0 for all audiences, else 10, 12, 16 or 18. */
  rating: z.number().int(),
  /** When it starts, ISO 8601 UTC. */
  start: z.string(),
  /** Its length in seconds. */
  duration: z.number(),
});
export type AdminScheduleEntry = z.infer<typeof AdminScheduleEntrySchema>;

/** Why a change of the schedule is refused (error 3): the console says it in the staff member's language. */
export const SCHEDULE_REFUSALS = ['overlap', 'past', 'started', 'length', 'content', 'missing'] as const;
export type ScheduleRefusal = (typeof SCHEDULE_REFUSALS)[number];

/** A programme lasts at least a minute and at most six hours (the live assembler looks back six hours). */
export const SCHEDULE_MIN_SECONDS = 60;
export const SCHEDULE_MAX_SECONDS = 6 * 3600;

const ChannelParams = z.object({ id: z.coerce.number().int().positive() });
const EntryParams = z.object({ id: z.coerce.number().int().positive(), entryId: z.coerce.number().int().positive() });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const getAdminChannelSchedule = defineAdminEndpoint({
  method: 'GET',
  path: '/channels/:id/schedule',
  access: 'staff',
  roles: ['editor'],
  summary: 'One day of a channel’s guide (UTC, or the time zone asked for): the programmes airing that day, in order',
  params: ChannelParams,
  /** `timeZone`: an IANA name (the console sends Europe/Paris, decision 108); UTC when absent. */
  query: z.object({ day, timeZone: z.string().min(1).max(64).optional() }),
  response: z.object({
    channel: z.object({ id: z.number().int(), name: z.string(), type: z.string() }),
    day: z.string(),
    /** The programmes airing during the day, in order, one begun the day before included. */
    entries: z.array(AdminScheduleEntrySchema),
  }),
});

export const searchScheduleContents = defineAdminEndpoint({
  method: 'GET',
  path: '/schedule/contents',
  access: 'staff',
  roles: ['editor'],
  summary: 'Contents of the catalogue a programme can play, found by the beginning of a word of their title',
  query: z.object({ q: z.string().trim().min(1).max(100) }),
  response: z.object({
    contents: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        type: z.string(),
        duration: z.number(),
        rating: z.number().int(),
      }),
    ),
  }),
});

const ScheduleChange = z.object({
  /** ISO 8601 with its offset, or UTC. */
  start: z.string().min(10).max(40),
  duration: z.number().int().min(SCHEDULE_MIN_SECONDS).max(SCHEDULE_MAX_SECONDS),
});

export const addScheduleEntry = defineAdminEndpoint({
  method: 'POST',
  path: '/channels/:id/schedule',
  access: 'staff',
  roles: ['editor'],
  summary: 'Adds a programme of a catalogue content; an overlap or a start in the past is refused with 3',
  params: ChannelParams,
  body: ScheduleChange.extend({ contentId: z.number().int().positive() }),
  response: z.object({ entry: AdminScheduleEntrySchema }),
});

export const changeScheduleEntry = defineAdminEndpoint({
  method: 'POST',
  path: '/channels/:id/schedule/:entryId',
  access: 'staff',
  roles: ['editor'],
  summary: 'Moves a programme that has not started or changes its length; an overlap is refused with 3',
  params: EntryParams,
  body: ScheduleChange,
  response: z.object({ entry: AdminScheduleEntrySchema }),
});

export const removeScheduleEntry = defineAdminEndpoint({
  method: 'POST',
  path: '/channels/:id/schedule/:entryId/remove',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes a programme that has not started out of the guide',
  params: EntryParams,
  response: z.object({ removed: z.number().int() }),
});
