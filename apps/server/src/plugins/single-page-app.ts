import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A built single-page app (Vite's `dist`) at `basePath` and `basePath/*`, with the SPA fallback:
 * a page path gets index.html, a file path the file (hashed assets cached for a year). The
 * security headers and CSP are the web app's: they are set for every answer
 * (plugins/security-headers.ts). Used for the TV app (/tv, decision 035) and the operator's
 * console (/admin, decision 080); neither is indexed (no <head> of their own worth a search).
 */
export function registerSinglePageApp(
  app: FastifyInstance,
  deps: { basePath: string; distDir: string; buildCommand: string },
) {
  const { basePath, distDir } = deps;
  const indexFile = path.join(distDir, 'index.html');

  const sendShell = async (reply: FastifyReply) => {
    let html: string;
    try {
      // Read per request: a rebuild renames the assets it links, and the file is small.
      html = await fs.promises.readFile(indexFile, 'utf8');
    } catch {
      return reply.status(404).type('text/plain').send(`Not found (the app is not built: ${deps.buildCommand})`);
    }
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = (request.url ?? '').split('?')[0] ?? '';
    const rest = url.slice(basePath.length);
    if (!path.extname(rest)) return sendShell(reply);
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest);
    } catch {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const isHashed = decoded.startsWith('/assets/');
    // sendFile refuses paths that leave distDir (dot segments) and answers 404 for missing files.
    return reply.sendFile(decoded, distDir, { maxAge: isHashed ? 31536000000 : 3600000, immutable: isHashed });
  };

  const page = { config: { access: 'public' as const } };
  app.get(basePath, page, serve);
  app.get(`${basePath}/*`, page, serve);
}
