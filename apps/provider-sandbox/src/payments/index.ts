import type { FastifyInstance } from 'fastify';
import { creditCardGateway } from './credit-card/gateway';
import { directPassGateway } from './direct-pass/gateway';
import { paypalSandbox } from './paypal/paypal-api';
import { storeSandboxes, type StoreSandboxName } from './stores';

/** Merchant credentials the stand-ins accept; the server's sandbox defaults use the same. */
export const PAYMENT_SANDBOX_MERCHANTS = {
  directPass: { merchantId: 'playz', secret: 'direct-pass-sandbox-secret' },
  paypal: { clientId: 'playz-sandbox-client', clientSecret: 'paypal-sandbox-secret', webhookId: 'WH-PLAYZ-SANDBOX' },
  creditCard: { siteId: '12345678', key: 'credit-card-sandbox-key', apiPassword: 'testpassword_credit-card-sandbox' },
} as const;

export {
  appleSandboxRootCertificate,
  googleSandboxPushToken,
  googleSandboxServiceAccount,
  STORE_SANDBOX_NAMES,
  STORE_SANDBOX_SECRETS,
  type StoreSandboxName,
} from './stores';

export interface PaymentSandboxOptions {
  /** Which stand-ins to mount (the server mounts those it has no real provider for). */
  only?: readonly PaymentSandboxName[];
  log?: (line: string) => void;
  /**
   * The Amazon RVS's developer secret, instead of the published one: a production start refuses
   * published keys (decision 047), and a test of one talks to stand-ins registered with its own.
   */
  amazonDeveloperSecret?: string;
  /** The server the stores' stand-ins send their notifications to (decision 085); unset: none. */
  notificationsTo?: string;
}
export type PaymentSandboxName = StoreSandboxName | 'direct-pass' | 'credit-card' | 'paypal';

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
  if (wanted('credit-card')) {
    const { siteId, key, apiPassword } = PAYMENT_SANDBOX_MERCHANTS.creditCard;
    await app.register(creditCardGateway, {
      prefix: '/credit-card',
      shops: { [siteId]: { key, apiPassword } },
      log: options.log,
    });
  }
  await storeSandboxes(app, {
    ...{ wanted, log: options.log, amazonDeveloperSecret: options.amazonDeveloperSecret },
    notificationsTo: options.notificationsTo,
  });
  if (wanted('paypal')) {
    const { clientId, clientSecret, webhookId } = PAYMENT_SANDBOX_MERCHANTS.paypal;
    await app.register(paypalSandbox, {
      prefix: '/paypal',
      apps: { [clientId]: { secret: clientSecret, webhookId } },
      log: options.log,
    });
  }
}
