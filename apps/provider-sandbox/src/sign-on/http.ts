import type http from 'node:http';

/** A urlencoded body (forms, token requests), at most 10 kB. */
export function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Any local `.../customer/sso/<provider>/callback`: test and e2e servers listen on random ports. */
export function isLocalCallback(value: string | null, provider: string): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return isLocal && url.pathname.endsWith(`/customer/sso/${provider}/callback`);
  } catch {
    return false;
  }
}

/** What the stand-ins remember a revocation by: the provider and the person's subject there. */
export interface Revocation {
  provider: 'google' | 'apple' | 'facebook';
  subject: string;
}
