import { z } from 'zod';
import { cookieTypeSchema, publisherSchema } from '../entities/app';
import { SERVICE_TEXT_PAGES, serviceTextPageSchema } from '../entities/service-page';
import { defineEndpoint } from '../endpoint';

/** spec 1 §7 GET /service/infos/terms|privacy|faq|cookies, in the viewer's locale (else French). */
export const getServicePage = defineEndpoint({
  method: 'GET',
  path: '/service/infos/:page',
  access: 'visitor',
  summary: 'A legal or information text page (terms, privacy, faq, cookies)',
  tags: ['service'],
  params: z.object({ page: z.enum(SERVICE_TEXT_PAGES) }),
  response: z.object({ Page: serviceTextPageSchema }),
  errors: [7],
});

/** spec 1 §7 GET /service/infos/publisher. */
export const getPublisher = defineEndpoint({
  method: 'GET',
  path: '/service/infos/publisher',
  access: 'visitor',
  summary: 'The publisher of the service (legal notice)',
  tags: ['service'],
  response: z.object({ Publisher: publisherSchema }),
});

/** spec 1 §7 GET /service/cookie-types (spec 3 §4 cookie consent). */
export const getCookieTypes = defineEndpoint({
  method: 'GET',
  path: '/service/cookie-types',
  access: 'visitor',
  summary: 'Cookie types and their cookies',
  tags: ['service'],
  response: z.object({ CookieTypes: z.array(cookieTypeSchema) }),
});

/**
 * spec 1 §7 POST /error/log: a client reports an error; it goes to the server log (no storage).
 * Rate limited per address (4, HTTP 429).
 */
export const logClientError = defineEndpoint({
  method: 'POST',
  path: '/error/log',
  access: 'visitor',
  summary: 'Report a client error to the server log',
  tags: ['service'],
  body: z.object({ message: z.string().min(1).max(2000), url: z.string().max(2048).optional() }),
  response: z.object({ Success: z.boolean() }),
  errors: [4],
});
