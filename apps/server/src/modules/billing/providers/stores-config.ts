import { z } from 'zod';
import type { PaymentSandboxName } from '@playz/provider-sandbox';
import { AMAZON_SANDBOX, amazonConfig, amazonEnv, type AmazonConfig } from './amazon-pay/config';
import { appStoreConfig, appStoreEnv, type AppStoreConfig } from './app-store/config';
import { BACHAT_SANDBOX, bachatConfig, bachatEnv, type BachatConfig } from './bachat/config';
import { GOOGLE_PLAY_SANDBOX, googlePlayConfig, googlePlayEnv, type GooglePlayConfig } from './google-play/config';
import { ORANGE_SANDBOX, orangeConfig, orangeEnv, type OrangeConfig } from './orange-appshoptv/config';
import { SAMSUNG_SANDBOX, samsungConfig, samsungEnv, type SamsungConfig } from './samsung-checkout/config';

/**
 * Settings of the TV stores (decision 029), parsed with the other billing settings. In the demo
 * mode (decision 047) a store without its settings talks to its stand-in under /sandbox/<name>
 * of this server, unless BILLING_SANDBOX=0; outside it, it is not offered.
 */
export const storesEnv = {
  /** The Dummy testing store (spec 3 §4): on by default outside production, never outside the demo mode. */
  BILLING_DUMMY: z.enum(['0', '1']).optional(),
  ...samsungEnv,
  ...amazonEnv,
  ...googlePlayEnv,
  ...appStoreEnv,
  ...orangeEnv,
  ...bachatEnv,
};

type StoresEnv = { [K in keyof typeof storesEnv]?: string } & { NODE_ENV?: string };

/**
 * The stores' stand-in keys (the Google and Apple ones are made at run time, never published), and
 * the stand-in's Pub/Sub push account: a push subscription said to authenticate as it is the
 * stand-in's, whose tokens its own key signs (decision 085).
 */
export const storesStandInSecrets = [
  SAMSUNG_SANDBOX.secretKey,
  AMAZON_SANDBOX.developerSecret,
  AMAZON_SANDBOX.rtnTopicArn,
  ORANGE_SANDBOX.partnerKey,
  BACHAT_SANDBOX.secret,
  GOOGLE_PLAY_SANDBOX.pushServiceAccount,
];

export interface StoresConfig {
  dummy: boolean;
  samsung: SamsungConfig | null;
  amazon: AmazonConfig | null;
  googlePlay: GooglePlayConfig | null;
  appStore: AppStoreConfig | null;
  orange: OrangeConfig | null;
  bachat: BachatConfig | null;
  /** Store stand-ins mounted under /sandbox. */
  sandboxes: PaymentSandboxName[];
  /** The stores' test purchases (no money moved) are accepted: the demo mode only (decision 073). */
  testPurchases: boolean;
}

export function storesConfig(
  e: StoresEnv,
  publicUrl: string,
  { demo, sandboxAllowed }: { demo: boolean; sandboxAllowed: boolean },
): StoresConfig {
  const samsung = samsungConfig(e, publicUrl, sandboxAllowed);
  const sandboxes: PaymentSandboxName[] = [];
  if (samsung?.sandbox) sandboxes.push('samsung-checkout');
  const amazon = amazonConfig(e, publicUrl, sandboxAllowed);
  if (amazon?.sandbox) sandboxes.push('amazon-pay');
  const googlePlay = googlePlayConfig(e, publicUrl, sandboxAllowed);
  if (googlePlay?.sandbox) sandboxes.push('google-play');
  const appStore = appStoreConfig(e, sandboxAllowed);
  if (appStore?.sandbox) sandboxes.push('app-store');
  const orange = orangeConfig(e, publicUrl, sandboxAllowed);
  if (orange?.sandbox) sandboxes.push('orange-appshoptv');
  const bachat = bachatConfig(e, publicUrl, sandboxAllowed);
  if (bachat?.sandbox) sandboxes.push('bachat');
  return {
    // Dummy takes any receipt: a stand-in of its own kind, so it follows the stand-ins' rule.
    dummy: demo && (e.BILLING_DUMMY ?? (e.NODE_ENV === 'production' ? '0' : '1')) === '1',
    samsung,
    amazon,
    googlePlay,
    appStore,
    orange,
    bachat,
    sandboxes,
    testPurchases: demo,
  };
}
