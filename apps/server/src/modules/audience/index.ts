import fp from 'fastify-plugin';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { countAttempts } from '../../lib/too-many-attempts';
import { registerApiCalls } from '../../plugins/api-scope';
import { createPageViewsRepository } from './page-views.repository';
import { createAudienceCharts, type AudienceCharts } from './audience-charts';

export type { AudienceByDay } from './audience-charts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The page views per day, for the console's health charts (decision 091). */
    audience: { charts: AudienceCharts };
  }
}

/**
 * Page views a minute: one browser's, far above a person's; one address's, high enough for the
 * many viewers behind a carrier's or an office's shared address, low enough that a script
 * rotating its ids fills nothing.
 */
export const PAGE_VIEW_RULES = {
  visitor: { max: 60, windowMs: 60_000 },
  address: { max: 1200, windowMs: 60_000 },
};

/**
 * First-party audience measurement (decision 088): the page views of browsers whose viewer allowed
 * analytics, kept on our own server under the measurement's random ids; nothing goes to a third
 * party, and nothing is sent at all without that consent (the web app asks isAnalyticsAllowed).
 */
export default fp(
  async (app) => {
    const repo = createPageViewsRepository(app.db);
    app.decorate('audience', { charts: createAudienceCharts(app.db) });
    await registerApiCalls(app, (api) =>
      registerEndpoint(
        api,
        endpoints.recordPageView,
        async ({ auth, body, request }) => {
          const now = app.now();
          await countAttempts(
            app.limiter,
            [
              { key: `page-view:visitor:${body.visitor}`, rule: PAGE_VIEW_RULES.visitor },
              { key: `page-view:ip:${request.ip}`, rule: PAGE_VIEW_RULES.address },
            ],
            now.getTime(),
          );
          await repo.add({
            visitor_id: body.visitor,
            visit_id: body.visit,
            session_id: body.session,
            path: body.path,
            platform: request.common.platform,
            logged: auth.customer ? 1 : 0,
            created_at: now.toISOString(),
          });
          return { Success: true };
        },
        { checkResponses: app.checkResponses },
      ),
    );
  },
  { name: 'playz-audience', dependencies: ['playz-sessions', 'playz-limiter'] },
);
