import path from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { writeOutboxFile } from './outbox-file';

/**
 * nodemailer is loaded at the first mail, not with the server: an API node that sends none keeps
 * its ~5 MB of heap (decision 121).
 */
let nodemailer: Promise<typeof Nodemailer> | null = null;
const loadNodemailer = () => (nodemailer ??= import('nodemailer'));
/** A transport made at the first send, then kept. */
function lazyTransport(options: Parameters<typeof Nodemailer.createTransport>[0]) {
  let transport: Promise<Transporter> | null = null;
  return () => (transport ??= loadNodemailer().then((mailer) => mailer.default.createTransport(options)));
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on the alert mails. */
  headers?: Record<string, string>;
}

/** One interface for every way mail leaves (ARCHITECTURE decision 5). */
export interface MailAdapter {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function createSmtpMailAdapter(smtpUrl: string, from: string): MailAdapter {
  const transport = lazyTransport(smtpUrl);
  return {
    async send(message) {
      await (await transport()).sendMail({ from, ...message });
    },
  };
}

/**
 * The local outbox: the message as JSON (read by /dev/outbox) and as a real .eml built by
 * nodemailer, so what would have gone out can be opened in a mail client.
 */
export function createOutboxMailAdapter(dataDir: string, from: string): MailAdapter {
  const dir = path.join(dataDir, 'outbox', 'mail');
  const builder = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const built = await (await builder()).sendMail({ from, ...message });
      await writeOutboxFile(dir, { from, ...message }, { ext: 'eml', content: built.message as Buffer });
    },
  };
}

export function createMailAdapter(opts: { smtpUrl: string | null; mailFrom: string; dataDir: string }): MailAdapter {
  return opts.smtpUrl
    ? createSmtpMailAdapter(opts.smtpUrl, opts.mailFrom)
    : createOutboxMailAdapter(opts.dataDir, opts.mailFrom);
}
