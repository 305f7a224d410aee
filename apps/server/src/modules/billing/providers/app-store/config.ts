import fs from 'node:fs';
import { z } from 'zod';
import { loadStandIns } from '../stand-ins';

/** Settings of the App Store (signed transactions of StoreKit 2). */
export const appStoreEnv = {
  APPLE_BUNDLE_ID: z.string().min(3).optional(),
  /** Apple's root certificates (DER files, e.g. AppleRootCA-G3.cer), comma-separated paths. */
  APPLE_ROOT_CERTIFICATES: z.string().min(1).optional(),
  APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).optional(),
  /** The app's Apple id, required by Apple's verifier in production. */
  APPLE_APP_ID: z.string().regex(/^\d+$/).optional(),
};

export interface AppStoreConfig {
  bundleId: string;
  environment: 'Production' | 'Sandbox';
  appAppleId: number | undefined;
  /** Trusted roots, read once (the stand-in's root is made at run time). */
  rootCertificates: () => Promise<Buffer[]>;
  /** OCSP revocation checks of the chain: on with Apple, off with the stand-in (it has no OCSP responder). */
  onlineChecks: boolean;
  sandbox: boolean;
}

/** The stand-in's app (apps/provider-sandbox STORE_SANDBOX_SECRETS.apple). */
export const APP_STORE_SANDBOX = { bundleId: 'fr.playz.tv' };

export function appStoreConfig(
  e: { [K in keyof typeof appStoreEnv]?: string },
  sandboxAllowed: boolean,
): AppStoreConfig | null {
  if (e.APPLE_ROOT_CERTIFICATES) {
    if (!e.APPLE_BUNDLE_ID) throw new Error('APPLE_ROOT_CERTIFICATES needs APPLE_BUNDLE_ID');
    const environment = e.APPLE_ENVIRONMENT === 'Sandbox' ? 'Sandbox' : 'Production';
    if (environment === 'Production' && !e.APPLE_APP_ID)
      throw new Error('APPLE_ENVIRONMENT=Production needs APPLE_APP_ID');
    const roots = e.APPLE_ROOT_CERTIFICATES.split(',').map((file) => fs.readFileSync(file.trim()));
    return {
      bundleId: e.APPLE_BUNDLE_ID,
      environment,
      appAppleId: e.APPLE_APP_ID ? Number(e.APPLE_APP_ID) : undefined,
      rootCertificates: async () => roots,
      onlineChecks: true,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return {
    bundleId: APP_STORE_SANDBOX.bundleId,
    environment: 'Sandbox',
    appAppleId: undefined,
    rootCertificates: async () => [await (await loadStandIns()).appleSandboxRootCertificate()],
    onlineChecks: false,
    sandbox: true,
  };
}
