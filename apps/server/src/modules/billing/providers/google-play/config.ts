import { z } from 'zod';
import { googleSandboxServiceAccount, STORE_SANDBOX_SECRETS } from '@playz/provider-sandbox';

/** Settings of Google Play billing on Android TV (spec 3 §4 Google Play flow). */
export const googlePlayEnv = {
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(3).optional(),
  /** The service-account key JSON of the Play Console (client_email, private_key, token_uri). */
  GOOGLE_PLAY_SERVICE_ACCOUNT_JSON: z.string().min(2).optional(),
  /** The API root (default https://androidpublisher.googleapis.com/); unset with no account: the stand-in. */
  GOOGLE_PLAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};

export interface GooglePlayConfig {
  packageName: string;
  /** Ends with a slash, as googleapis' rootUrl expects. */
  rootUrl: string;
  serviceAccount: { client_email: string; private_key: string; token_uri: string };
  sandbox: boolean;
}

export function googlePlayConfig(
  e: { [K in keyof typeof googlePlayEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): GooglePlayConfig | null {
  if (e.GOOGLE_PLAY_SERVICE_ACCOUNT_JSON) {
    if (!e.GOOGLE_PLAY_PACKAGE_NAME) throw new Error('GOOGLE_PLAY_SERVICE_ACCOUNT_JSON needs GOOGLE_PLAY_PACKAGE_NAME');
    const key = JSON.parse(e.GOOGLE_PLAY_SERVICE_ACCOUNT_JSON) as Partial<GooglePlayConfig['serviceAccount']>;
    if (!key.client_email || !key.private_key)
      throw new Error('GOOGLE_PLAY_SERVICE_ACCOUNT_JSON is not a service-account key');
    return {
      packageName: e.GOOGLE_PLAY_PACKAGE_NAME,
      rootUrl: (e.GOOGLE_PLAY_API_URL ?? 'https://androidpublisher.googleapis.com/').replace(/\/?$/, '/'),
      serviceAccount: {
        client_email: key.client_email,
        private_key: key.private_key,
        token_uri: key.token_uri ?? 'https://oauth2.googleapis.com/token',
      },
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  // The stand-in's key is made at run time in this process (never stored anywhere).
  const account = googleSandboxServiceAccount();
  return {
    packageName: STORE_SANDBOX_SECRETS.google.packageName,
    rootUrl: `${publicUrl}/sandbox/google-play/`,
    serviceAccount: {
      client_email: account.client_email,
      private_key: account.private_key,
      token_uri: `${publicUrl}/sandbox/google-play/token`,
    },
    sandbox: true,
  };
}
