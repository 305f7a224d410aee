import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { publicKeyOf, type VapidKeys, type WebPushConfig } from './web-push-config';

const FILE = 'vapid-keys.json';

/** A new P-256 pair, base64url as push services and browsers take it (RFC 8292 §3.2). */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const d = privateKey.export({ format: 'jwk' }).d!;
  const privateRaw = Buffer.from(d, 'base64url').toString('base64url');
  return { publicKey: publicKeyOf(privateRaw), privateKey: privateRaw };
}

/**
 * The pair this node pushes with (decision 066): the operator's; in the demo mode without one, a
 * pair made once and kept in DATA_DIR, so browsers subscribed yesterday still receive today (a
 * new pair would silently orphan them). A production start without a pair sends no push: null.
 * Two nodes of a demo starting together on one DATA_DIR keep the first pair written.
 */
export function loadVapidKeys(config: { demo: boolean; dataDir: string; webPush: WebPushConfig }): VapidKeys | null {
  if (config.webPush.keys) return config.webPush.keys;
  if (!config.demo) return null;
  const file = path.join(config.dataDir, FILE);
  const read = (): VapidKeys | null => {
    try {
      const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      return kept.publicKey && kept.privateKey && publicKeyOf(kept.privateKey) === kept.publicKey
        ? { publicKey: kept.publicKey, privateKey: kept.privateKey }
        : null;
    } catch {
      return null;
    }
  };
  const kept = read();
  if (kept) return kept;
  const made = generateVapidKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    return made;
  } catch {
    // Another node wrote it first (or a broken file is there: replace it).
    const first = read();
    if (first) return first;
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
    return made;
  }
}
