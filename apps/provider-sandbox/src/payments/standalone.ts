import fastifyFormbody from '@fastify/formbody';
import Fastify from 'fastify';
import { paymentSandboxes } from './index';

export interface PaymentSandbox {
  /** e.g. http://127.0.0.1:4002 — the stand-ins are at /direct-pass, /credit-card, /paypal, ... */
  url: string;
  close(): Promise<void>;
}

/**
 * The payment stand-ins in a process of their own (`npm run sandbox`), as real providers are: a
 * server killed in the middle of a payment finds the provider still there when it restarts.
 */
export async function startPaymentSandbox(
  options: { port?: number; host?: string; amazonDeveloperSecret?: string } = {},
): Promise<PaymentSandbox> {
  const app = Fastify({ logger: false });
  await app.register(fastifyFormbody);
  await app.register(paymentSandboxes, {
    log: (line: string) => console.warn(`[payments sandbox] ${line}`),
    amazonDeveloperSecret: options.amazonDeveloperSecret,
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as { port: number };
  return { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, close: () => app.close() };
}
