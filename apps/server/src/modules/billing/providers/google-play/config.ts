import { z } from 'zod';
import { loadStandIns } from '../stand-ins';

/** Settings of Google Play billing on Android TV (spec 3 §4 Google Play flow). */
export const googlePlayEnv = {
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(3).optional(),
  /** The service-account key JSON of the Play Console (client_email, private_key, token_uri). */
  GOOGLE_PLAY_SERVICE_ACCOUNT_JSON: z.string().min(2).optional(),
  /** The API root (default https://androidpublisher.googleapis.com/); unset with no account: the stand-in. */
  GOOGLE_PLAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The service account the Pub/Sub push subscription of the real-time developer notifications
   * authenticates as (its OIDC token's email, decision 085). Unset: no notification is accepted.
   */
  GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: z.email().optional(),
  /** The push subscription's audience; default: the endpoint's own URL, as Pub/Sub sets it. */
  GOOGLE_PLAY_PUSH_AUDIENCE: z.string().min(1).optional(),
};

/** A service-account key as the Play Console gives it (its JSON's fields we use). */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

/** How a Pub/Sub push of the real-time developer notifications is authenticated (decision 085). */
export interface GooglePlayPushConfig {
  /** The OIDC token's email: the push subscription's service account. */
  serviceAccountEmail: string;
  audience: string;
  /** Google's signing keys (JWKS); the stand-in's own in the demo mode. */
  certsUrl: string;
}

/** Google's keys for the OIDC tokens it signs (Pub/Sub push included). */
export const GOOGLE_OIDC_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export interface GooglePlayConfig {
  packageName: string;
  /** Real-time developer notifications; null: none accepted. */
  push: GooglePlayPushConfig | null;
  /** Ends with a slash, as googleapis' rootUrl expects. */
  rootUrl: string;
  /** Read when a token is due: the stand-in's key is made by its own code, loaded then (decision 047). */
  serviceAccount: () => Promise<GoogleServiceAccount>;
  sandbox: boolean;
}

/** The stand-in's app (apps/provider-sandbox STORE_SANDBOX_SECRETS.google). */
export const GOOGLE_PLAY_SANDBOX = {
  packageName: 'fr.playz.androidtv',
  pushServiceAccount: 'pubsub-push@playz-sandbox.iam.gserviceaccount.com',
};

/** Where Pub/Sub pushes the notifications (its default OIDC audience). */
export const googlePlayPushEndpoint = (publicUrl: string) => `${publicUrl}/billing/callbacks/google-play`;

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
      push: e.GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT
        ? {
            serviceAccountEmail: e.GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT,
            audience: e.GOOGLE_PLAY_PUSH_AUDIENCE ?? googlePlayPushEndpoint(publicUrl),
            certsUrl: GOOGLE_OIDC_CERTS_URL,
          }
        : null,
      rootUrl: (e.GOOGLE_PLAY_API_URL ?? 'https://androidpublisher.googleapis.com/').replace(/\/?$/, '/'),
      serviceAccount: async () => account,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  return {
    packageName: GOOGLE_PLAY_SANDBOX.packageName,
    // The stand-in's Pub/Sub signs its pushes with a key of its own, published at its JWKS.
    push: {
      serviceAccountEmail: GOOGLE_PLAY_SANDBOX.pushServiceAccount,
      audience: googlePlayPushEndpoint(publicUrl),
      certsUrl: `${publicUrl}/sandbox/google-play/oauth2/v3/certs`,
    },
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
