import { createECDH } from 'node:crypto';
import { z } from 'zod';

/**
 * Web Push settings (decision 066): the VAPID key pair push services know this server by
 * (RFC 8292), base64url as `npx web-push generate-vapid-keys` prints them. Every node must have
 * the same pair: a browser's subscription is bound to the public key it was made with.
 */
export const webPushEnv = {
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')
    .optional(),
  /** Whom a push service writes to about this sender (RFC 8292 `sub`): mailto: or https:. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
};

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushConfig {
  /** The operator's pair; null: the demo mode makes one and keeps it in DATA_DIR, production sends no push. */
  keys: VapidKeys | null;
  subject: string;
}

/** The public key of a private one: a pair whose halves do not match would be refused by every push service. */
export function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/** The settings' problems in the ConfigError format (one line each), and the parsed settings. */
export function webPushConfig(e: {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  MAIL_FROM: string;
}): { problems: string[]; config: WebPushConfig } {
  const problems: string[] = [];
  const mailbox = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  const subject = e.VAPID_SUBJECT ?? `mailto:${mailbox.trim()}`;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if (!publicKey !== !privateKey) {
    const missing = publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    problems.push(`${missing}: must be set with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} (one pair)`);
    return { problems, config: { keys: null, subject } };
  }
  if (!publicKey || !privateKey) return { problems, config: { keys: null, subject } };
  let derived: string | null = null;
  try {
    derived = publicKeyOf(privateKey);
  } catch {
    problems.push('VAPID_PRIVATE_KEY: is not a P-256 private key');
  }
  if (derived !== null && derived !== publicKey)
    problems.push('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY (one pair, as generated together)');
  return { problems, config: { keys: problems.length ? null : { publicKey, privateKey }, subject } };
}
