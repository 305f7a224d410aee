import fp from 'fastify-plugin';
import { registerApiCalls, registerStreamRoutes } from '../../plugins/api-scope';
import { createDrmKeyStore } from './drm-keys';
import { registerDrmApi, registerLicenceProxy, registerLicenceServer } from './drm.routes';
import { createDrmService } from './drm.service';
import { createLicenceTokens } from './licence-tokens';

/** The content keys' store: the catalogue's packaging job encrypts uploads with it (decision 114). */
export { createDrmKeyStore, type DrmKeyStore } from './drm-keys';

/** DRM (decision 024): the spec's token step and a ClearKey licence server. */
export default fp(
  async (app) => {
    const { config, now } = app;
    const keys = createDrmKeyStore(config.dataDir);
    const tokens = createLicenceTokens(app.streamSecret, () => now().getTime());
    const drm = createDrmService({ signer: app.signer, authority: app.authority, clips: app.clips, now, keys, tokens });
    await registerApiCalls(app, (api) => registerDrmApi(api, { drm, checkResponses: app.checkResponses }));
    await registerStreamRoutes(app, (media) => {
      registerLicenceServer(media, { drm });
      registerLicenceProxy(media, { drm, upstreams: config.drmProxies });
    });
  },
  { name: 'playz-drm', dependencies: ['playz-streaming'] },
);
