import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** The measurement's random ids, as the web app makes them (16 random bytes, base64url). */
const measurementId = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/);

/**
 * Beyond the spec (decision 088): first-party audience measurement, sent only from a browser whose
 * viewer allowed analytics (spec 3 §4 "analytics starts only if the analytics cookies are
 * accepted"). The ids are the measurement's own cookies (_pa_id, _pa_vis, _pa_ses), never the
 * account's; `path` is the page's path without its query. 3 for a malformed id or path; 4 (HTTP
 * 429) past 60 page views a minute from one browser, or 1,200 from one address.
 */
export const recordPageView = defineEndpoint({
  method: 'POST',
  path: '/audience/page-view',
  access: 'visitor',
  summary: 'Counts a page view of a browser that allowed analytics (beyond the spec, decision 088)',
  tags: ['audience'],
  body: z.object({
    visitor: measurementId,
    visit: measurementId,
    session: measurementId,
    path: z
      .string()
      .max(300)
      .regex(/^\/(?!\/)[^?#\s]*$/),
  }),
  response: z.object({ Success: z.boolean() }),
  errors: [3, 4],
});
