import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The server's local outbox (decision 011): with no SMTP_URL, each mail is a JSON file under
 * DATA_DIR/outbox/mail, named so that names sort by time. The journeys read the files rather
 * than GET /dev/outbox, which the production-mode e2e server does not serve.
 */
async function mailsTo(dataDir: string, address: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox', 'mail');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const mails: OutboxMail[] = [];
  // JSON files appear whole (written aside, then renamed), so a listed file is complete.
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const mail = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxMail;
    if (mail.to.toLowerCase() === address.toLowerCase()) mails.push(mail);
  }
  return mails;
}

/**
 * The newest mail to `address` once there are at least `count` of them: the server sends after
 * answering, so the test waits for the file to appear (short polls, bounded by `timeoutMs`).
 */
export async function waitForMail(
  dataDir: string,
  address: string,
  { count = 1, timeoutMs = 15_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dataDir, address);
    if (mails.length >= count) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in the outbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link of a mail's text that leads to `pathname` on the service. */
export function linkIn(mail: OutboxMail, pathname: string): string {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === pathname);
  if (!url) throw new Error(`no ${pathname} link in "${mail.subject}":\n${mail.text}`);
  return url;
}
