import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  operatorId?: number;
  /** Extra mail headers (List-Unsubscribe on alerts). */
  headers?: Record<string, string>;
}

/** Messages of the local outbox, oldest first; mail leaves in the background, so this waits a little. */
export async function readOutbox(
  dataDir: string,
  kind: 'mail' | 'sms',
  opts: { to?: string; atLeast?: number } = {},
): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox', kind);
  for (let i = 0; ; i += 1) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
    const messages: OutboxMessage[] = files
      .map((file) => ({ file, ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }))
      .filter((m) => opts.to === undefined || m.to === opts.to);
    if (messages.length >= (opts.atLeast ?? 0) || i >= 100) return messages;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The secret of the reset link in a mail's text. */
export function resetSecretOf(message: OutboxMessage): string {
  const match = /\/customer\/change-password\?secret=([\w-]+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${message.text}`);
  return match[1];
}
