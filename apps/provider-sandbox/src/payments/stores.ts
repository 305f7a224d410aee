import type { FastifyInstance } from 'fastify';
import { samsungDpiServer } from './samsung-checkout/dpi-server';

/** Credentials the store stand-ins accept; the server's sandbox defaults use the same (decision 029). */
export const STORE_SANDBOX_SECRETS = {
  samsung: { appId: '3201600000000', secretKey: 'samsung-checkout-sandbox-secret' },
} as const;

export const STORE_SANDBOX_NAMES = ['samsung-checkout'] as const;
export type StoreSandboxName = (typeof STORE_SANDBOX_NAMES)[number];

/** Mounts the wanted store stand-ins, each under `/<name>` (decision 029). */
export async function storeSandboxes(
  app: FastifyInstance,
  options: { wanted: (name: StoreSandboxName) => boolean; log?: (line: string) => void },
) {
  if (options.wanted('samsung-checkout'))
    await app.register(samsungDpiServer, {
      prefix: '/samsung-checkout',
      apps: { [STORE_SANDBOX_SECRETS.samsung.appId]: STORE_SANDBOX_SECRETS.samsung.secretKey },
    });
}
