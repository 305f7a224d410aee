import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorNumber, httpStatusForError } from '@playz/domain';
import { errorEnvelope } from '../../plugins/error-handler';
import { appendToHead, beforeScripts, FALLBACK_TEMPLATE, injectHead, shareTags } from './html-head';
import type { LiveStandIn } from '../live';
import type { CustomerAuth } from '../../lib/access';
import { livePictureOf, livePictureTags } from './live-picture';
import { pageOpeningOf, pageOpeningTags, type PageOpeningDeps, type PageOpeningWithPreloads } from './page-opening';
import {
  entryLeftToFirstScript,
  firstPictureTag,
  openingShakaTags,
  routePreloadTags,
  type ViteManifest,
} from './route-preloads';
import type { SeoPagesService } from './seo-pages.service';
import { robotsTxt, sitemapXml } from './sitemap';

const SITE_NAME = 'Playz';
const TEMPLATE_CHECK_MS = 2000;
const SITEMAP_TTL_MS = 60 * 1000;

/** A file of the build, or null when it is missing or unreadable. */
function readBuilt<T>(file: string, parse: (text: string) => T): T | null {
  try {
    return parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A file's modification time, or -1 when it is missing. */
function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * index.html of the web build and its Vite manifest (the chunks' names), each re-read when its
 * own file changes: a rebuild renames the assets both name, and a deployment copies the two files
 * one after the other.
 */
function createTemplateSource(webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  type Built = { html: string; manifest: ViteManifest | null };
  let built: Built = { html: FALLBACK_TEMPLATE, manifest: null };
  let stamps = '';
  let checkedAt = -Infinity;
  return (): Built => {
    const at = Date.now();
    if (at - checkedAt < TEMPLATE_CHECK_MS) return built;
    checkedAt = at;
    const now = `${mtimeOf(indexFile)}/${mtimeOf(manifestFile)}`;
    if (now === stamps) return built;
    stamps = now;
    built = {
      html: readBuilt(indexFile, (text) => text) ?? FALLBACK_TEMPLATE,
      // A half-written or foreign file gives no hints until it changes again.
      manifest: readBuilt(manifestFile, (text) => JSON.parse(text) as ViteManifest),
    };
    return built;
  };
}

/**
 * The built web app with the SPA fallback, and the pages search engines and social networks
 * read (decision 014): item routes, .html or not, get index.html with their own <head>; a wrong
 * slug is redirected (301); an unknown id is a 404 whose body is the app (it shows not-found).
 * Unknown API paths get error 6 (spec 1 §8, HTTP 404).
 */
export function registerWebApp(
  app: FastifyInstance,
  deps: {
    webDistDir: string;
    publicUrl: string;
    seo: SeoPagesService;
    /** A film's opening in its player page's HTML (decision 111); none without. */
    opening?: PageOpeningDeps;
    /** A live channel's stand-in picture in its page's HTML (decision 139); none without. */
    liveStandIn?: (caller: CustomerAuth, rawId: string) => Promise<LiveStandIn | null>;
  },
) {
  const { webDistDir, publicUrl } = deps;
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const built = createTemplateSource(webDistDir);
  const template = () => built().html;
  /** The app's page for `pathname`, with the hints that start a player page's code at once. */
  const pageFor = (
    pathname: string,
    tags = '',
    opening: PageOpeningWithPreloads | null = null,
    picture: LiveStandIn | null = null,
  ) => {
    const { html, manifest } = built();
    const firstScript = firstPictureTag(manifest);
    // A page carrying its film's opening or its channel's stand-in picture leaves the app's entry
    // to its first script, after the picture, and preloads nothing of it (decisions 134, 136, 139).
    // A picture without a first script to show it would be files preloaded for nothing.
    if (opening || (picture && firstScript)) {
      const base = entryLeftToFirstScript(html, manifest);
      const page = tags ? injectHead(base, tags) : base;
      // Shaka is on the first picture's path only without a stand-in (decision 137): with one, the
      // player is fetched once the stand-in shows its picture, and a preload would compete with it.
      if (opening)
        return beforeScripts(
          page,
          pageOpeningTags(opening) + firstScript + (opening.picture ? '' : openingShakaTags(manifest)),
        );
      return beforeScripts(page, livePictureTags(picture!, firstScript));
    }
    const page = tags ? injectHead(html, tags) : html;
    const preloads = routePreloadTags(manifest, pathname);
    return preloads ? appendToHead(page, preloads) : page;
  };
  /**
   * A channel page's stand-in picture (decision 139) for a GET: a HEAD signs nothing. Its page
   * then holds a grant of this viewer's, never kept by a cache.
   */
  const livePictureFor = (request: FastifyRequest, pathname: string) =>
    deps.liveStandIn && request.method === 'GET'
      ? livePictureOf(deps.liveStandIn, request.session, pathname, request.headers['user-agent'] ?? '')
      : Promise.resolve(null);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string, tags = '') => {
    const picture = await livePictureFor(request, pathname);
    if (!picture) return sendApp(reply, 200, pageFor(pathname, tags));
    return sendApp(reply, 200, pageFor(pathname, tags, null, picture), 'private, no-store');
  };
  let sitemap: { xml: string; at: number } | null = null;

  const page = { config: { access: 'public' as const } };
  app.get('/robots.txt', page, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', page, async (_request, reply) => {
    if (!sitemap || Date.now() - sitemap.at > SITEMAP_TTL_MS)
      sitemap = { xml: sitemapXml(publicUrl, await deps.seo.sitemapPaths()), at: Date.now() };
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(sitemap.xml);
  });

  const sendApp = (reply: FastifyReply, status: number, html: string, cacheControl = 'no-cache') =>
    reply.status(status).header('cache-control', cacheControl).type('text/html; charset=utf-8').send(html);

  app.setNotFoundHandler(async (request, reply) => {
    const [url = '', query] = (request.url ?? '').split('?');
    if (url.startsWith('/api/')) {
      const number = ApiErrorNumber.ActionNotFound;
      return reply.status(httpStatusForError(number)).send(errorEnvelope(number, request.common?.locale ?? 'fr'));
    }
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (!isGet || url.startsWith('/media/')) return reply.status(404).type('text/plain').send('Not found');

    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      return sendApp(reply, 404, template());
    }
    const resolution = await deps.seo.resolve(decoded);
    if (resolution.kind === 'redirect')
      return reply.redirect(encodeURI(resolution.location) + (query !== undefined ? `?${query}` : ''), 301);
    if (resolution.kind === 'not-found')
      return sendApp(reply, 404, injectHead(template(), '    <meta name="robots" content="noindex" />\n'));
    if (resolution.kind === 'page') {
      // A film's player page starts its stream before the app's code has run (decision 111). A
      // HEAD spends no opening; a page carrying one holds a signed URL: this viewer's, never kept.
      const opening =
        deps.opening && request.method === 'GET'
          ? await pageOpeningOf(deps.opening, request.session, decoded, request.headers['user-agent'] ?? '')
          : null;
      const share = shareTags(resolution.page, publicUrl, SITE_NAME);
      if (!opening) return sendPage(request, reply, decoded, share);
      return sendApp(reply, 200, pageFor(decoded, share, opening), 'private, no-store');
    }

    // Pages always get the app (or, without a web build, the shell from html-head.ts).
    if (!path.extname(url)) return sendPage(request, reply, decoded);
    if (hasWeb) {
      // Vite's hashed assets never change under the same name.
      const isHashed = url.startsWith('/assets/');
      return reply.sendFile(decoded, webDistDir, {
        maxAge: isHashed ? 31536000000 : 3600000,
        immutable: isHashed,
      });
    }
    return reply.status(404).type('text/plain').send('Not found (the web app is not built: npm run build)');
  });
}
