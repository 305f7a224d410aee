import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { SerializedAnswer } from '../../lib/serialized-answer';
import type { CatalogueService } from './catalogue.service';
import type { LandingService } from './landing.service';
import type { PageRowsService } from './page-rows.service';

export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueService; pageRows: PageRowsService; landing: LandingService; checkResponses: boolean },
) {
  const { catalogue } = deps;
  const opts = { checkResponses: deps.checkResponses };

  registerEndpoint(
    app,
    endpoints.getPageRows,
    async ({ auth, params, query }) =>
      new SerializedAnswer(
        await deps.pageRows.pageRowsJson(
          params.id,
          { withData: query.with_data === '1', genre: query.genre },
          auth.customer?.customerId ?? null,
        ),
      ),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContent,
    // The same content for everyone (cached), with the caller's own resume point laid over it.
    async ({ auth, params }) => {
      const content = await catalogue.getContent(params.id);
      const [own] = await catalogue.withProgress([content], auth.customer?.customerId ?? null);
      return { Content: own! };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getRelatedContents,
    async ({ params }) => ({ Collection: await catalogue.getRelated(params.id) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getChannels,
    async ({ query }) => ({ Channels: await catalogue.channelsWithCurrent(query.genre) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getChannel,
    async ({ params }) => ({ Channel: await catalogue.getChannel(params.id) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getChannelSchedule,
    async ({ params, query }) => ({
      Schedules: await catalogue.getSchedule(params.id, query.date_from, query.date_to),
    }),
    opts,
  );
  registerEndpoint(app, endpoints.getSeriesCatalogue, async () => ({ Series: await catalogue.listSeries() }), opts);
  registerEndpoint(
    app,
    endpoints.getSeries,
    async ({ params }) => ({ Series: await catalogue.getSeries(params.id) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getSeason,
    async ({ auth, params }) => {
      const season = await catalogue.getSeason(params.id);
      const contents = await catalogue.withProgress(season.contents ?? [], auth.customer?.customerId ?? null);
      return { Season: { ...season, contents } };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getLandingData,
    async ({ query, request }) => ({
      Landing: await deps.landing.getLanding(query.name_key ?? 'default', request.common.locale),
    }),
    opts,
  );
}
