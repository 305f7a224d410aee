import { z } from 'zod';
import { loadStandIns } from '../stand-ins';

/** Settings of Google Play billing on Android TV (spec 3 §4 Google Play flow). */
export const googlePlayEnv = {
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(3).optional(),
  /** The service-account key JSON of the Play Console (client_email, private_key, token_uri). */
  GOOGLE_PLAY_SERVICE_ACCOUNT_JSON: z.string().min(2).optional(),
  /** The API root (default https://androidpublisher.googleapis.com/); unset with no account: the stand-in. */
  GOOGLE_PLAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};

/** A service-account key as the Play Console gives it (its JSON's fields we use). */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface GooglePlayConfig {
  packageName: string;
  /** Ends with a slash, as googleapis' rootUrl expects. */
  rootUrl: string;
  /** Read when a token is due: the stand-in's key is made by its own code, loaded then (decision 047). */
  serviceAccount: () => Promise<GoogleServiceAccount>;
  sandbox: boolean;
}

/** The stand-in's app (apps/provider-sandbox STORE_SANDBOX_SECRETS.google). */
export const GOOGLE_PLAY_SANDBOX = { packageName: 'fr.playz.androidtv' };

export function googlePlayConfig(
  e: { [K in keyof typeof googlePlayEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): GooglePlayConfig | null {
  if (e.GOOGLE_PLAY_SERVICE_ACCOUNT_JSON) {
    if (!e.GOOGLE_PLAY_PACKAGE_NAME) throw new Error('GOOGLE_PLAY_SERVICE_ACCOUNT_JSON needs GOOGLE_PLAY_PACKAGE_NAME');
    const key = JSON.parse(e.GOOGLE_PLAY_SERVICE_ACCOUNT_JSON) as Partial<GoogleServiceAccount>;
    if (!key.client_email || !key.private_key)
      throw new Error('GOOGLE_PLAY_SERVICE_ACCOUNT_JSON is not a service-account key');
    const account = {
      client_email: key.client_email,
      private_key: key.private_key,
      token_uri: key.token_uri ?? 'https://oauth2.googleapis.com/token',
    };
    return {
      packageName: e.GOOGLE_PLAY_PACKAGE_NAME,
      rootUrl: (e.GOOGLE_PLAY_API_URL ?? 'https://androidpublisher.googleapis.com/').replace(/\/?$/, '/'),
      serviceAccount: async () => account,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return {
    packageName: GOOGLE_PLAY_SANDBOX.packageName,
    rootUrl: `${publicUrl}/sandbox/google-play/`,
    // The stand-in's key is made at run time in this process (never stored anywhere).
    serviceAccount: async () => {
      const account = (await loadStandIns()).googleSandboxServiceAccount();
      return {
        client_email: account.client_email,
        private_key: account.private_key,
        token_uri: `${publicUrl}/sandbox/google-play/token`,
      };
    },
    sandbox: true,
  };
}
