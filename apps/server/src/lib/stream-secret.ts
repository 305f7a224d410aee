import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The HMAC key of stream grants: STREAM_SECRET when several nodes must agree on it, otherwise a
 * random key kept in DATA_DIR so grants survive a restart of a single node.
 */
export function loadStreamSecret(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'stream-secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
