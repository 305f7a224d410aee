import { createSign, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';

/** The service account the stand-in's push subscription authenticates as (the server's sandbox default). */
export const GOOGLE_PUSH_SANDBOX_ACCOUNT = 'pubsub-push@playz-sandbox.iam.gserviceaccount.com';

interface Signer {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}
let signer: Signer | null = null;
let rogue: Signer | null = null;

const make = (): Signer => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: randomBytes(20).toString('hex'), privateKey, publicKey };
};
/** The stand-in's "Google" OIDC signing key, made once per process at run time (decision 085). */
const googleSigner = () => (signer ??= make());
/** A key of the same shape that Google never published: what a forger would sign with. */
const rogueSigner = () => (rogue ??= make());

/** Google's JWKS (https://www.googleapis.com/oauth2/v3/certs) as the stand-in publishes it. */
export function googleOidcJwks() {
  const s = googleSigner();
  return { keys: [{ ...s.publicKey.export({ format: 'jwk' }), kid: s.kid, alg: 'RS256', use: 'sig' }] };
}

/** An OIDC token as Pub/Sub puts in a push's Authorization header (RS256, Google's issuer). */
export function pushToken(
  audience: string,
  opts: { email?: string; forged?: boolean; issuedAt?: number } = {},
): string {
  const s = opts.forged ? rogueSigner() : googleSigner();
  const iat = opts.issuedAt ?? Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', kid: s.kid, typ: 'JWT' })}.${part({
    aud: audience,
    azp: '112233445566778899001',
    email: opts.email ?? GOOGLE_PUSH_SANDBOX_ACCOUNT,
    email_verified: true,
    exp: iat + 3600,
    iat,
    iss: 'https://accounts.google.com',
    sub: '112233445566778899001',
  })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(s.privateKey).toString('base64url')}`;
}

export interface SentPush {
  url: string;
  status: number | null;
  authorization: string;
  body: string;
}

/**
 * A Pub/Sub push of a DeveloperNotification to `endpoint`: `message.data` is the notification's
 * JSON in base64, `messageId` Pub/Sub's id, the OIDC token's audience the endpoint (Pub/Sub's
 * default). One try: the test or the demo sees its answer (Pub/Sub would retry a non-2xx).
 */
export async function pushNotification(
  endpoint: string,
  notification: object,
  log?: (line: string) => void,
): Promise<SentPush> {
  const messageId = String(randomInt(1, 2 ** 47));
  const body = JSON.stringify({
    message: {
      attributes: {},
      data: Buffer.from(JSON.stringify(notification)).toString('base64'),
      messageId,
      message_id: messageId,
      publishTime: new Date().toISOString(),
    },
    subscription: 'projects/playz-sandbox/subscriptions/play-rtdn-push',
  });
  const authorization = `Bearer ${pushToken(endpoint)}`;
  let status: number | null = null;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    status = response.status;
    if (!response.ok) log?.(`google play notification to ${endpoint} answered ${response.status}`);
  } catch (error) {
    log?.(`google play notification to ${endpoint} failed: ${(error as Error).message}`);
  }
  return { url: endpoint, status, authorization, body };
}
