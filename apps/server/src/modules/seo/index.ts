import fp from 'fastify-plugin';
import { registerCastReceiver } from './cast-receiver.routes';
import { createSeoPagesService } from './seo-pages.service';
import { createSeoRepository } from './seo.repository';
import { registerTvApp } from './tv-app.routes';
import { registerWebApp } from './web-app.routes';

/**
 * The web and TV apps' pages: every route of the spec served with its title, description and
 * preloads for search engines and link previews; registered last, after every API route.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const seo = createSeoPagesService(createSeoRepository(app.db));
    registerTvApp(app, { tvDistDir: config.tvDistDir });
    registerCastReceiver(app, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });
    registerWebApp(app, {
      ...{ webDistDir: config.webDistDir, publicUrl: config.publicUrl, seo },
      // A film's player page carries its opening (decision 111): the viewer's resume point, then the grant.
      opening: {
        content: async (rawId, customerId) => {
          const [own] = await app.catalogue.service.withProgress(
            [await app.catalogue.service.getContent(rawId)],
            customerId,
          );
          return own!;
        },
        open: app.playback.pageOpening,
      },
      // A live channel's page carries its stand-in picture (decision 139).
      liveStandIn: app.live.standIn,
    });
  },
  { name: 'playz-seo', dependencies: ['playz-foundation', 'playz-catalogue', 'playz-playback', 'playz-live'] },
);
