import { createPrivateKey, createSign, randomUUID, webcrypto, type KeyObject } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { loadX509 } from '../app-store/apple-pki';

/** The topic the stand-in's Amazon publishes the Real-Time Notifications to (the server's sandbox default). */
export const AMAZON_RTN_SANDBOX_TOPIC = 'arn:aws:sns:us-east-1:000000000000:playz-sandbox-rtn';

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
};
type X509KeyPair = Parameters<typeof X509.X509CertificateGenerator.createSelfSigned>[0]['keys'];

interface SnsSigner {
  certificatePem: string;
  key: KeyObject;
}
let signer: Promise<SnsSigner> | null = null;
let rogue: Promise<SnsSigner> | null = null;

async function make(name: string): Promise<SnsSigner> {
  const x509 = await loadX509();
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as unknown as X509KeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '0a',
    name: `CN=${name}`,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 365 * 86_400_000),
    keys,
    signingAlgorithm: RSA,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return {
    certificatePem: cert.toString('pem'),
    key: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
  };
}
/** The stand-in's SNS signing certificate, made once per process at run time (decision 085). */
export const snsSandboxSigner = () => (signer ??= make('sns.amazonaws.com'));
/** Another key under the same name: what a forger would sign with. */
const snsRogueSigner = () => (rogue ??= make('sns.amazonaws.com'));

/** The fields SNS signs, in its order, for a message of `Type` (Notification or a confirmation). */
export function snsStringToSign(m: Record<string, string | undefined>): string {
  const fields =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields
    .filter((f) => m[f] !== undefined)
    .map((f) => `${f}\n${m[f]}\n`)
    .join('');
}

/**
 * An SNS HTTP(S) delivery of Amazon's Real-Time Notification `message`: SignatureVersion 2
 * (SHA256withRSA over the canonical fields), the signing certificate at `certUrl`.
 */
export async function snsNotification(
  message: object,
  opts: { topicArn: string; certUrl: string; forged?: boolean },
): Promise<Record<string, string>> {
  const s = opts.forged ? await snsRogueSigner() : await snsSandboxSigner();
  const fields: Record<string, string> = {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: opts.topicArn,
    Message: JSON.stringify(message),
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: opts.certUrl,
    UnsubscribeURL: `${opts.certUrl.replace(/\/[^/]*$/, '')}/?Action=Unsubscribe`,
  };
  fields.Signature = createSign('RSA-SHA256').update(snsStringToSign(fields)).sign(s.key).toString('base64');
  return fields;
}

/**
 * The SubscriptionConfirmation SNS sends first when an endpoint is registered: its Token is what
 * Amazon's developer console asks for to confirm the endpoint.
 */
export async function snsConfirmation(opts: { topicArn: string; certUrl: string }): Promise<Record<string, string>> {
  const s = await snsSandboxSigner();
  const token = randomUUID().replace(/-/g, '');
  const fields: Record<string, string> = {
    Type: 'SubscriptionConfirmation',
    MessageId: randomUUID(),
    Token: token,
    TopicArn: opts.topicArn,
    Message: `You have chosen to subscribe to the topic ${opts.topicArn}.`,
    SubscribeURL: `${opts.certUrl.replace(/\/[^/]*$/, '')}/?Action=ConfirmSubscription&Token=${token}`,
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: opts.certUrl,
  };
  fields.Signature = createSign('RSA-SHA256').update(snsStringToSign(fields)).sign(s.key).toString('base64');
  return fields;
}
