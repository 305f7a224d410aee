import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { CatalogueService } from './catalogue.service';
import type { ContentTexts } from './content-texts';
import { assertSuitsKids, isKids, kidsChannel, kidsList, kidsOnly, suitsKids } from './kids-filter';
import type { LandingService } from './landing.service';
import type { PageRowsService } from './page-rows.service';

export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: {
    catalogue: CatalogueService;
    pageRows: PageRowsService;
    landing: LandingService;
    /** The contents' texts in the viewer's language (decision 107). */
    texts: ContentTexts;
    checkResponses: boolean;
  },
) {
  const { catalogue } = deps;
  const opts = { checkResponses: deps.checkResponses };

  registerEndpoint(
    app,
    endpoints.getPageRows,
    async ({ auth, params, query, request }) =>
      deps.pageRows.pageRowsJson(
        params.id,
        { withData: query.with_data === '1', genre: query.genre, locale: request.common.locale },
        auth.customer,
      ),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getContent,
    // The same content for everyone (cached), with the caller's own resume point laid over it;
    // a kids profile is refused what does not suit it, a deep link included (decision 059). Its
    // title and synopsis in the viewer's language, French where the editor wrote none (decision 107).
    async ({ auth, params, request }) => {
      const content = await deps.texts.localise(await catalogue.getContent(params.id), request.common.locale);
      assertSuitsKids(content, isKids(auth.customer));
      const [own] = await catalogue.withProgress([content], auth.customer?.customerId ?? null);
      return { Content: own! };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getRelatedContents,
    async ({ auth, params }) => ({
      Collection: kidsOnly(await catalogue.getRelated(params.id), isKids(auth.customer)),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getChannels,
    async ({ auth, query }) => ({
      Channels: (await catalogue.channelsWithCurrent(query.genre)).map((c) => kidsChannel(c, isKids(auth.customer))),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getChannel,
    async ({ auth, params }) => {
      const kids = isKids(auth.customer);
      const channel = kidsChannel(await catalogue.getChannel(params.id), kids);
      // Its playlist and contents as the profile may see them (decision 059).
      const playlist = channel.playlist ? kidsOnly(channel.playlist, kids) : channel.playlist;
      return { Channel: { ...channel, playlist, contents: kidsOnly(channel.contents ?? [], kids) } };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getChannelSchedule,
    async ({ auth, params, query }) => {
      const schedules = await catalogue.getSchedule(params.id, query.date_from, query.date_to);
      return { Schedules: isKids(auth.customer) ? schedules.filter((s) => suitsKids(s.content)) : schedules };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getSeriesCatalogue,
    // Series' names and synopses in the viewer's language, French where the editor wrote none
    // (decision 105's addendum, laid over as decision 107's contents).
    async ({ auth, request }) => ({
      Series: kidsOnly(
        await deps.texts.localise(await catalogue.listSeries(), request.common.locale),
        isKids(auth.customer),
      ),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getSeries,
    async ({ auth, params, request }) => {
      const series = await deps.texts.localise(await catalogue.getSeries(params.id), request.common.locale);
      assertSuitsKids(series, isKids(auth.customer));
      return { Series: { ...series, seasons: kidsOnly(series.seasons, isKids(auth.customer)) } };
    },
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getSeason,
    async ({ auth, params, request }) => {
      const kids = isKids(auth.customer);
      const season = kidsList(
        await deps.texts.localise(await catalogue.getSeason(params.id), request.common.locale),
        kids,
      );
      assertSuitsKids(season, kids);
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
