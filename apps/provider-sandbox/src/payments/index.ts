import type { FastifyInstance } from 'fastify';
import { directPassGateway } from './direct-pass/gateway';

/** Merchant credentials the stand-ins accept; the server's sandbox defaults use the same. */
export const PAYMENT_SANDBOX_MERCHANTS = {
  directPass: { merchantId: 'playz', secret: 'direct-pass-sandbox-secret' },
} as const;

export interface PaymentSandboxOptions {
  /** Which stand-ins to mount (the server mounts those it has no real provider for). */
  only?: readonly PaymentSandboxName[];
  log?: (line: string) => void;
}
export type PaymentSandboxName = 'direct-pass';

/**
 * The payment stand-ins as one Fastify plugin (decision 025): each under `/<name>`, speaking its
 * provider's protocol. `npm start` mounts it under /sandbox; tests run it on its own port.
 */
export async function paymentSandboxes(app: FastifyInstance, options: PaymentSandboxOptions = {}) {
  const wanted = (name: PaymentSandboxName) => !options.only || options.only.includes(name);
  if (wanted('direct-pass'))
    await app.register(directPassGateway, {
      prefix: '/direct-pass',
      merchants: { [PAYMENT_SANDBOX_MERCHANTS.directPass.merchantId]: PAYMENT_SANDBOX_MERCHANTS.directPass.secret },
      log: options.log,
    });
}
