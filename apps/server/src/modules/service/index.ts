import fp from 'fastify-plugin';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import { registerApiCalls } from '../../plugins/api-scope';
import { MAX_URL_LENGTH } from '../../plugins/http-limits';
import { checkSerialized } from '../../lib/register-endpoint';
import { envelopeParts } from '../../lib/serialized-answer';
import { createAppDataService, type AppDataService } from './app-data.service';
import { createDataHotPath } from './data-hot-path';
import { createServicePagesService } from './service-pages.service';
import { registerServicePagesRoutes } from './service-pages.routes';
import { createServiceRepository, type ServiceRepository } from './service.repository';
import { createOfferConsole, type OfferConsole } from './offers.console';
import { createDataAnswer, registerServiceRoutes } from './service.routes';

export { toInAppPurchase } from './app-data.service';
export type ServiceReads = Pick<ServiceRepository, 'getSetting' | 'listOffers'>;
export type { ConsoleOfferRow, NewOfferTerms, OfferConsole } from './offers.console';

declare module 'fastify' {
  interface FastifyInstance {
    service: {
      /** The application's settings, texts and offers (GET /data's App). */
      appData: AppDataService;
      /** Settings and offers, for pages that show them (landing, /inapp). */
      reads: ServiceReads;
      /** The console's offers (decision 099): every offer, new terms as a new row, hide and show. */
      offers: OfferConsole;
      /** GET /data answers made before routing (decision 039 addendum), for /metrics. */
      dataServedFromMemory(): number;
    };
  }
}

/** GET /data, the service pages (CGU, privacy, publisher) and the offers on sale. */
export default fp(
  async (app) => {
    const { config, checkResponses, now } = app;
    const repo = createServiceRepository(app.db);
    const appData = createAppDataService({
      ...{ repo, publicUrl: config.publicUrl, now },
      singleSignOns: () => app.sso.singleSignOns(),
      demoPayments: config.billing.standIns,
    });
    const pages = createServicePagesService({
      repo,
      getApp: (locale) => appData.getApp(locale),
      limiter: app.limiter,
      now,
    });
    const answer = createDataAnswer({ appData, accounts: app.accounts.service });
    const dataHeaders = app.securityHeaders.headersOfRoute(`${API_BASE_PATH}/data`);
    // GET /data repeated with the same query answered before routing (decision 039 addendum).
    const hotPath = createDataHotPath({
      cookieName: app.sessionCookies.name,
      maxUrlLength: MAX_URL_LENGTH,
      findSession: (token) => app.sessions.findValid(token, now()),
      peekSession: (token) => app.sessions.peekValid(token, now().getTime()),
      answer: async (session, common) => {
        const data = await answer(session, common);
        if (checkResponses) checkSerialized(endpoints.getData, data);
        return envelopeParts(data);
      },
      peekAnswer: (session, common) => {
        const data = answer.peek(session, common);
        if (!data) return undefined;
        if (checkResponses) checkSerialized(endpoints.getData, data);
        return envelopeParts(data);
      },
      headers: dataHeaders,
      requestIdOf: (request) => app.requestIdOf(request),
      observe: app.metrics.latencyRecorder(`${API_BASE_PATH}/data`, 'GET', 200),
      log: app.log,
    });
    app.addHotRoute(hotPath.answer);
    app.decorate('service', {
      appData,
      reads: { getSetting: repo.getSetting, listOffers: repo.listOffers },
      offers: createOfferConsole({ db: app.db, now, changed: () => appData.forget() }),
      dataServedFromMemory: hotPath.served,
    });
    await registerApiCalls(app, (api) => {
      registerServiceRoutes(api, { answer, hotPath, checkResponses });
      registerServicePagesRoutes(api, { pages, checkResponses });
    });
  },
  { name: 'playz-service', dependencies: ['playz-sessions', 'playz-limiter', 'playz-metrics', 'playz-accounts'] },
);
