import type { FastifyInstance } from 'fastify';
import type { ClipCatalog } from '../playback/clip-catalog';
import type { StreamAuthority } from '../playback/stream-authority';
import type { StreamSigner } from '../playback/stream-signing';
import { createDrmKeyStore } from './drm-keys';
import { createDrmService } from './drm.service';
import { registerDrmApi, registerLicenceProxy, registerLicenceServer } from './drm.routes';
import { createLicenceTokens } from './licence-tokens';

/** DRM (decision 024): the spec's token step and a ClearKey licence server. */
export function createDrmModule(deps: {
  dataDir: string;
  secret: string;
  signer: StreamSigner;
  authority: StreamAuthority;
  clips: ClipCatalog;
  proxies: { widevine: string | null; fairplay: string | null };
  now?: () => Date;
}) {
  const keys = createDrmKeyStore(deps.dataDir);
  const tokens = createLicenceTokens(deps.secret, () => (deps.now?.() ?? new Date()).getTime());
  const drm = createDrmService({ ...deps, keys, tokens });
  return {
    registerApi: (api: FastifyInstance, checkResponses: boolean) => registerDrmApi(api, { drm, checkResponses }),
    registerLicenceServer(app: FastifyInstance) {
      registerLicenceServer(app, { drm });
      registerLicenceProxy(app, { drm, upstreams: deps.proxies });
    },
  };
}
