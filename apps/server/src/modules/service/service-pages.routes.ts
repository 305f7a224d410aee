import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { ServicePagesService } from './service-pages.service';

export function registerServicePagesRoutes(
  app: FastifyInstance,
  deps: { pages: ServicePagesService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };

  registerEndpoint(
    app,
    endpoints.getServicePage,
    async ({ params, request }) => ({ Page: await deps.pages.getPage(params.page, request.common.locale) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getPublisher,
    async ({ request }) => ({ Publisher: await deps.pages.getPublisher(request.common.locale) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getCookieTypes,
    async ({ request }) => ({ CookieTypes: await deps.pages.getCookieTypes(request.common.locale) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logClientError,
    async ({ body, request }) => {
      await deps.pages.acceptErrorReport(request.ip);
      // Structured fields only: the text is the client's, never a log format string.
      request.log.warn(
        { clientError: body.message, url: body.url ?? null, platform: request.common.platform },
        'client error report',
      );
      return { Success: true };
    },
    opts,
  );
}
