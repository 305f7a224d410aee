import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The TV app's address; its Vite build uses the same base (apps/tv/vite.config.ts). */
export const TV_APP_PATH = '/tv';

/**
 * The built TV app (apps/tv, decision 035) at /tv and /tv/*, with the SPA fallback: a page path gets
 * index.html, a file path the file (hashed assets cached for a year). The security headers and
 * CSP are the web app's: they are set for every answer (plugins/security-headers.ts). Unlike the
 * web pages, TV pages are not indexed: they have no <head> of their own (decision 035).
 */
export function registerTvApp(app: FastifyInstance, deps: { tvDistDir: string }) {
  const { tvDistDir } = deps;
  const indexFile = path.join(tvDistDir, 'index.html');

  const sendShell = async (reply: FastifyReply) => {
    let html: string;
    try {
      // Read per request: a rebuild renames the assets it links, and the file is small.
      html = await fs.promises.readFile(indexFile, 'utf8');
    } catch {
      return reply.status(404).type('text/plain').send('Not found (the TV app is not built: npm run build:tv)');
    }
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = (request.url ?? '').split('?')[0] ?? '';
    const rest = url.slice(TV_APP_PATH.length);
    if (!path.extname(rest)) return sendShell(reply);
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest);
    } catch {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const isHashed = decoded.startsWith('/assets/');
    // sendFile refuses paths that leave tvDistDir (dot segments) and answers 404 for missing files.
    return reply.sendFile(decoded, tvDistDir, { maxAge: isHashed ? 31536000000 : 3600000, immutable: isHashed });
  };

  const page = { config: { access: 'public' as const } };
  app.get(TV_APP_PATH, page, serve);
  app.get(`${TV_APP_PATH}/*`, page, serve);
}
