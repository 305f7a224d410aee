import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '@playz/api-contract';
import { registerCommonParams } from './common-params';
import { registerCrossSiteGuard } from './cross-site-gets';
import { registerNoStore } from './security-headers';

/**
 * Registers a module's calls under /api/1.2 (spec 1 §8), in a scope of their own with what every
 * call has: the common parameters, the cross-site guard and no-store on personal answers.
 */
export async function registerApiCalls(
  app: FastifyInstance,
  register: (api: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(
    async (api) => {
      registerCommonParams(api);
      registerCrossSiteGuard(api);
      registerNoStore(api);
      await register(api);
    },
    { prefix: API_BASE_PATH },
  );
}

/** Registers a module's stream routes (/media, /live, /drm): their URL or token is their authority. */
export async function registerStreamRoutes(
  app: FastifyInstance,
  register: (media: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (media) => register(media));
}
