import type { FastifyInstance } from 'fastify';
import { amazonRvsServer } from './amazon-pay/rvs-server';
import { appStoreServer } from './app-store/app-store-server';
import { bachatApi } from './bachat/bachat-api';
import { googlePlayApi } from './google-play/publisher-api';
import { orangeAppshopApi } from './orange-appshoptv/appshop-api';
import { samsungDpiServer } from './samsung-checkout/dpi-server';
import { GOOGLE_PUSH_SANDBOX_ACCOUNT } from './google-play/pubsub-push';
import { AMAZON_RTN_SANDBOX_TOPIC } from './amazon-pay/sns';

/** Credentials the store stand-ins accept; the server's sandbox defaults use the same (decision 029). */
export const STORE_SANDBOX_SECRETS = {
  samsung: { appId: '3201600000000', secretKey: 'samsung-checkout-sandbox-secret' },
  amazon: { developerSecret: '2:amazon-rvs-sandbox-developer-secret', rtnTopicArn: AMAZON_RTN_SANDBOX_TOPIC },
  google: { packageName: 'fr.playz.androidtv', pushServiceAccount: GOOGLE_PUSH_SANDBOX_ACCOUNT },
  apple: { bundleId: 'fr.playz.tv' },
  orange: { partnerId: 'playz', partnerKey: 'orange-appshop-sandbox-key' },
  bachat: { merchantId: 'playz', secret: 'bachat-sandbox-secret' },
} as const;

export { googleSandboxServiceAccount } from './google-play/service-account';
export { appleSandboxRootCertificate } from './app-store/apple-pki';
export { pushToken as googleSandboxPushToken } from './google-play/pubsub-push';

export const STORE_SANDBOX_NAMES = [
  'samsung-checkout',
  'amazon-pay',
  'google-play',
  'app-store',
  'orange-appshoptv',
  'bachat',
] as const;
export type StoreSandboxName = (typeof STORE_SANDBOX_NAMES)[number];

/** Mounts the wanted store stand-ins, each under `/<name>` (decision 029). */
export async function storeSandboxes(
  app: FastifyInstance,
  options: {
    wanted: (name: StoreSandboxName) => boolean;
    log?: (line: string) => void;
    amazonDeveloperSecret?: string;
    /** The server the stores' notifications go to (its public URL); unset: none sent. */
    notificationsTo?: string;
  },
) {
  const notifyUrl = (store: string) =>
    options.notificationsTo ? `${options.notificationsTo}/billing/callbacks/${store}` : undefined;
  if (options.wanted('samsung-checkout'))
    await app.register(samsungDpiServer, {
      prefix: '/samsung-checkout',
      apps: { [STORE_SANDBOX_SECRETS.samsung.appId]: STORE_SANDBOX_SECRETS.samsung.secretKey },
    });
  if (options.wanted('amazon-pay'))
    await app.register(amazonRvsServer, {
      prefix: '/amazon-pay',
      developerSecret: options.amazonDeveloperSecret ?? STORE_SANDBOX_SECRETS.amazon.developerSecret,
      notifyUrl: notifyUrl('amazon-pay'),
      // Mounted under the server's /sandbox whenever it gave its URL for the notifications.
      selfUrl: options.notificationsTo ? `${options.notificationsTo}/sandbox/amazon-pay` : undefined,
      log: options.log,
    });
  if (options.wanted('google-play'))
    await app.register(googlePlayApi, {
      prefix: '/google-play',
      packageName: STORE_SANDBOX_SECRETS.google.packageName,
      notifyUrl: notifyUrl('google-play'),
      log: options.log,
    });
  if (options.wanted('app-store'))
    await app.register(appStoreServer, {
      prefix: '/app-store',
      ...STORE_SANDBOX_SECRETS.apple,
      notifyUrl: notifyUrl('app-store'),
      log: options.log,
    });
  if (options.wanted('orange-appshoptv'))
    await app.register(orangeAppshopApi, { prefix: '/orange-appshoptv', ...STORE_SANDBOX_SECRETS.orange });
  if (options.wanted('bachat')) await app.register(bachatApi, { prefix: '/bachat', ...STORE_SANDBOX_SECRETS.bachat });
}
