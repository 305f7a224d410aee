import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

/** The largest guide or channel list the console takes in one post (its text, about 2 MB). */
export const GUIDE_IMPORT_MAX_CHARS = 2_000_000;

const ImportBody = z.object({
  /** XMLTV (a guide: programmes of known channels) or M3U (a channel list: stream URLs). */
  format: z.enum(['xmltv', 'm3u']),
  text: z.string().min(1).max(GUIDE_IMPORT_MAX_CHARS),
});

/** What an import would do (decision 103), read before anything is written. */
const ImportPreviewSchema = z.object({
  format: z.enum(['xmltv', 'm3u']),
  /** Each channel of the file: the one of ours it matches (by id, tvg-id or name), or none. */
  channels: z.array(
    z.object({
      /** Its id in the file (XMLTV channel id, M3U tvg-id), else its name. */
      key: z.string(),
      name: z.string(),
      channelId: z.number().int().nullable(),
      channelName: z.string().nullable(),
      /** matched: a channel of ours; unknown: none, its programmes are skipped; create: M3U makes it. */
      action: z.enum(['matched', 'unknown', 'create']),
    }),
  ),
  /** XMLTV: per channel and UTC day, the programmes the file adds and the ones of ours it replaces. */
  days: z.array(
    z.object({
      channelId: z.number().int(),
      channelName: z.string(),
      day: z.string(),
      added: z.number().int(),
      replaced: z.number().int(),
    }),
  ),
  /** Lines the import skips, with why (a stable key the console translates). */
  errors: z.array(
    z.object({
      line: z.number().int(),
      reason: z.enum(['start', 'stop', 'title', 'channel', 'name', 'url', 'no-url']),
    }),
  ),
});
export type GuideImportPreview = z.infer<typeof ImportPreviewSchema>;

export const previewGuideImport = defineAdminEndpoint({
  method: 'POST',
  path: '/guide-import/preview',
  access: 'staff',
  roles: ['editor'],
  summary: 'What an XMLTV guide or an M3U channel list would change, nothing written',
  body: ImportBody,
  bodyLimit: 2.5 * 1024 * 1024,
  response: z.object({ preview: ImportPreviewSchema }),
});

export const applyGuideImport = defineAdminEndpoint({
  method: 'POST',
  path: '/guide-import/apply',
  access: 'staff',
  roles: ['editor'],
  summary: 'Applies an XMLTV guide or an M3U channel list in one transaction, audited',
  body: ImportBody,
  bodyLimit: 2.5 * 1024 * 1024,
  response: z.object({
    preview: ImportPreviewSchema,
    applied: z.object({
      programmes: z.number().int(),
      channelsCreated: z.number().int(),
      channelsUpdated: z.number().int(),
    }),
  }),
});
