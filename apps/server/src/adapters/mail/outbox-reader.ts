import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The mails the local outbox kept for one address, newest first (decision 084): what the
 * console's support reads when no SMTP server is configured. With SMTP the mail leaves and no
 * copy is kept here, so there is nothing to read (the caller says so rather than an empty list).
 */
export async function outboxMailsTo(dataDir: string, to: string, limit = 50) {
  const dir = path.join(dataDir, 'outbox', 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  // Names sort by time (outbox-file.ts): the newest are read first, and only until `limit`.
  files.sort().reverse();
  const wanted = to.trim().toLowerCase();
  const found: { sentAt: string; subject: string }[] = [];
  for (const file of files) {
    if (found.length >= limit) break;
    const text = await fs.readFile(path.join(dir, file), 'utf8').catch(() => null);
    if (text === null) continue;
    const mail = JSON.parse(text) as { to?: string; subject?: string; sentAt?: string };
    if ((mail.to ?? '').toLowerCase() === wanted)
      found.push({ sentAt: mail.sentAt ?? '', subject: mail.subject ?? '' });
  }
  return found;
}
