import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Local outbox (no SMTP server or SMS gateway configured): one JSON file per message under
 * DATA_DIR/outbox/<kind>, named so that names sort by time, for the /dev/outbox viewer. The JSON
 * appears last and whole (written aside, then renamed), so a reader never sees half a message.
 */
export async function writeOutboxFile(
  dir: string,
  message: object,
  extra?: { ext: string; content: Buffer | string },
): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  if (extra) await fs.writeFile(path.join(dir, `${base}.${extra.ext}`), extra.content);
  const file = path.join(dir, `${base}.json`);
  await fs.writeFile(`${file}.part`, JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2));
  await fs.rename(`${file}.part`, file);
  return base;
}
