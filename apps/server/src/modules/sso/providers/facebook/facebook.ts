import { createHmac } from 'node:crypto';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { FacebookSignOnConfig } from '../config';
import { ProviderRefusal, trimmedText, type ProviderIdentity, type SignOnProvider } from '../provider';
import { readDeletionRequest } from './signed-request';

/** appsecret_proof: HMAC-SHA256 of the access token with the app secret, hex (Graph API security). */
export const appSecretProof = (accessToken: string, appSecret: string) =>
  createHmac('sha256', appSecret).update(accessToken).digest('hex');

/**
 * Facebook Login (decision 078): OAuth 2, not OpenID Connect. The code becomes an access token,
 * and the person is read from the Graph API (`/me?fields=id,name,email`) with appsecret_proof, so
 * a token another app obtained is refused by Facebook itself. A person who did not grant the
 * e-mail gets error 15 and a message saying so; the next attempt asks again (auth_type=rerequest).
 */
export function createFacebookProvider(
  config: FacebookSignOnConfig,
  now: () => Date = () => new Date(),
): SignOnProvider {
  async function graph(path: string, params: Record<string, string>, method = 'GET'): Promise<Record<string, unknown>> {
    const url = new URL(`${config.graphUrl}${path}`);
    url.search = new URLSearchParams(params).toString();
    const res = await fetch(url, {
      method,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || body.error) {
      const error = body.error as { message?: string } | undefined;
      throw new ProviderRefusal(`graph ${path}: ${error?.message ?? res.status}`);
    }
    return body;
  }

  async function me(accessToken: string): Promise<ProviderIdentity> {
    const person = await graph('/me', {
      fields: 'id,name,email',
      access_token: accessToken,
      appsecret_proof: appSecretProof(accessToken, config.appSecret),
    });
    const subject = trimmedText(person.id, 255);
    if (!subject) throw new ProviderRefusal('no id');
    const email = trimmedText(person.email, 320);
    if (!email) throw apiError(ApiErrorNumber.EmailNotFound);
    // Graph gives the full name; the first word is the first name, the rest the last name.
    const [first, ...rest] = (trimmedText(person.name, 200) ?? '').split(/\s+/);
    return {
      subject,
      email,
      firstName: trimmedText(first),
      lastName: trimmedText(rest.join(' ')),
      revokeToken: null,
    };
  }

  return {
    id: 'facebook',
    name: config.name,
    clientId: config.appId,
    responseMode: 'query',
    postOrigins: [],

    async authorizationUrl({ redirectUri, state }) {
      const url = new URL(`${config.dialogUrl}/dialog/oauth`);
      url.search = new URLSearchParams({
        client_id: config.appId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: 'email,public_profile',
        // Asks again for a permission the person declined last time (the e-mail).
        auth_type: 'rerequest',
      }).toString();
      return url;
    },

    async completeSignOn(answer, { redirectUri }) {
      const code = answer.get('code');
      if (!code) throw new ProviderRefusal('no code');
      const token = await graph('/oauth/access_token', {
        client_id: config.appId,
        client_secret: config.appSecret,
        redirect_uri: redirectUri,
        code,
      });
      const accessToken = trimmedText(token.access_token, 4096);
      if (!accessToken) throw new ProviderRefusal('no access token');
      return me(accessToken);
    },

    // Facebook's SDKs give a native app an access token, not an ID token: Graph says whose it is.
    verifyNativeToken: me,

    async revokeGrant({ subject }) {
      // The app token removes the app from the person's account, no stored user token needed.
      const appToken = `${config.appId}|${config.appSecret}`;
      await graph(
        `/${encodeURIComponent(subject)}/permissions`,
        { access_token: appToken, appsecret_proof: appSecretProof(appToken, config.appSecret) },
        'DELETE',
      );
    },

    async readNotice(body) {
      return readDeletionRequest(body, config.appSecret, now);
    },
  };
}
