import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where Playz's Cast receiver is served: the address registered for App.castAppId (decision 070). */
export const CAST_RECEIVER_PATH = '/cast/receiver';

/**
 * The receiver page's policy. It may run from an origin that is not PUBLIC_URL's (a Cast device
 * loads the registered address; a test serves it from another host), so the stream URLs, the
 * artwork and the resume report are allowed from PUBLIC_URL by name; the Cast receiver framework
 * is loaded from its official address on a Cast device and talks to the device over its local
 * socket (ws://localhost:8008).
 */
export function castReceiverPolicy(publicUrl: string): string {
  const service = new URL(publicUrl).origin;
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "script-src 'self' https://www.gstatic.com",
    "script-src-attr 'none'",
    "style-src 'self'",
    `img-src 'self' data: blob: https: ${service}`,
    // data: the empty WebVTT Shaka gives each subtitle <track> it shows, as on the web (decisions 069, 081).
    `media-src 'self' blob: data: ${service}`,
    `connect-src 'self' ${service} https://www.gstatic.com ws://localhost:8008`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** GET /cast/receiver: the receiver page of the web build (apps/web/cast-receiver.html). */
export function registerCastReceiver(app: FastifyInstance, deps: { webDistDir: string; publicUrl: string }) {
  const pageFile = path.join(deps.webDistDir, 'cast-receiver.html');
  const policy = castReceiverPolicy(deps.publicUrl);
  app.get(CAST_RECEIVER_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    let html: string;
    try {
      // Read per request: a rebuild renames the assets it links, and the file is small.
      html = await fs.promises.readFile(pageFile, 'utf8');
    } catch {
      return reply.status(404).type('text/plain').send('Not found (the web app is not built: npm run build)');
    }
    return reply
      .status(200)
      .header('content-security-policy', policy)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
