import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

interface OutboxEntry {
  kind: 'mail' | 'sms';
  file: string;
  sentAt: string;
  to: string;
  subject: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Links in a message become clickable, so a person can follow the reset link (decision 011). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

async function readKind(root: string, kind: OutboxEntry['kind']): Promise<OutboxEntry[]> {
  const dir = path.join(root, kind);
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (file) => {
        const m = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Record<string, string>;
        return { kind, file, sentAt: m.sentAt ?? '', to: m.to ?? '', subject: m.subject ?? 'SMS', text: m.text ?? '' };
      }),
  );
  return entries;
}

/**
 * Development only (never registered when NODE_ENV=production): the local mail and SMS outboxes
 * as one page, newest first, so the flows that end in a message can be finished by hand.
 */
export function registerOutboxRoutes(app: FastifyInstance, deps: { dataDir: string }) {
  const root = path.join(deps.dataDir, 'outbox');
  const development = { config: { access: 'development' as const } };
  app.get('/dev/outbox', development, async (_request, reply) => {
    const all = [...(await readKind(root, 'mail')), ...(await readKind(root, 'sms'))].sort((a, b) =>
      b.file.localeCompare(a.file),
    );
    const items = all
      .map(
        (m) => `<article><h2>${m.kind === 'mail' ? '✉' : '📱'} ${escapeHtml(m.subject)}</h2>
<p><small>${escapeHtml(m.sentAt)} → ${escapeHtml(m.to)}${m.kind === 'mail' ? ` · <a href="/dev/outbox/mail/${encodeURIComponent(m.file.replace(/\.json$/, '.eml'))}">.eml</a>` : ''}</small></p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Playz outbox</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head>
<body><h1>Outbox (development)</h1><p>${all.length} message(s), newest first. Mail: ${escapeHtml(path.join(root, 'mail'))}; SMS: ${escapeHtml(path.join(root, 'sms'))}.</p>
${items || '<p>No message yet.</p>'}</body></html>`,
      );
  });
  app.get<{ Params: { file: string } }>('/dev/outbox/mail/:file', development, async (request, reply) => {
    const file = path.basename(request.params.file);
    if (!file.endsWith('.eml')) return reply.status(404).send('Not found');
    const content = await fs.readFile(path.join(root, 'mail', file)).catch(() => null);
    if (!content) return reply.status(404).send('Not found');
    return reply.type('message/rfc822').send(content);
  });
}
