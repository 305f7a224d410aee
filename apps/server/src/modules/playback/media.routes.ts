import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cutIngestPlaylist } from '@playz/media/live';
import { keepHlsVariant, VARIANT_PLAYLIST_PATTERN } from '../../streaming/hls-variants';
import { segmentAllowed } from './segment-access';
import { liveRatingError } from '../../lib/content-rating-errors';
import { SEGMENT_SECONDS, segmentBaseUrl } from '../../streaming/segment-grants';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { FilesGrant, StreamSigner } from '../../streaming/stream-signing';
import {
  addMpdBaseUrl,
  durationTemplatesToTimeline,
  limitMpdDuration,
  rewriteHlsMediaPlaylist,
  truncateHlsMediaPlaylist,
} from './vod-manifests';

/**
 * Artwork and teasers are public; manifests, segments and subtitles (a film's dialogue, decision
 * 068) are served only through a grant.
 */
const PUBLIC_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.svg', '.mp4']);
const MANIFEST_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mpd': 'application/dash+xml',
};
const GRANT_PREFIX = 's/';

export interface MediaRoutesDeps {
  mediaRoot: string;
  signer: StreamSigner;
  authority: StreamAuthority;
  /** Lifetime of the segment grants written into VOD manifests. */
  segmentGrantSeconds: number;
  now?: () => Date;
}

/**
 * The segments' folder URL a manifest served under `grant` names (its segments grant ends at
 * `grant`'s end or at `latestEnd`, the sooner). The film page's preloads of an opening's first
 * segments (decision 127) name it the same way, so the player's requests find them.
 */
export function manifestSegmentBase(signer: StreamSigner, grant: FilesGrant, latestEnd: number): string {
  return segmentBaseUrl(signer, {
    ...{ dir: grant.prefix, sessionId: grant.sessionId, customerId: grant.customerId },
    ...{ usage: grant.usage, player: grant.player, segmentRange: grant.segmentRange, purchase: grant.purchase },
    ...{ opening: grant.opening, expiresAt: Math.min(grant.expiresAt, latestEnd) },
  });
}

export function registerMediaRoutes(app: FastifyInstance, deps: MediaRoutesDeps) {
  const nowSeconds = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  // The pipeline's manifests never change once written (clip.json marks a finished clip); a
  // live encoder's (live/<channel>) change at every segment and are read each time.
  const manifestTexts = new Map<string, Promise<string>>();
  const readManifest = (file: string) => {
    if (!file.startsWith('clips/')) return fs.readFile(path.join(deps.mediaRoot, file), 'utf8');
    let text = manifestTexts.get(file);
    if (!text) {
      text = fs.readFile(path.join(deps.mediaRoot, file), 'utf8');
      text.catch(() => manifestTexts.delete(file));
      manifestTexts.set(file, text);
    }
    return text;
  };

  function servePublic(file: string, reply: FastifyReply) {
    if (!PUBLIC_EXTENSIONS.has(path.extname(file).toLowerCase())) return reply.status(404).send('Not found');
    return reply.sendFile(file, deps.mediaRoot, { maxAge: 24 * 3600 * 1000 });
  }

  async function serveManifest(grant: FilesGrant, file: string, reply: FastifyReply) {
    if (!(await deps.authority.allows(grant))) return reply.status(403).send('Forbidden');
    let text: string;
    // A height's multivariant playlist is the clip's with that variant only (decision 023).
    const variant = VARIANT_PLAYLIST_PATTERN.exec(path.posix.basename(file));
    try {
      text = await readManifest(variant ? path.posix.join(path.posix.dirname(file), 'master.m3u8') : file);
    } catch {
      return reply.status(404).send('Not found');
    }
    if (variant) {
      const kept = keepHlsVariant(text, Number(variant[1]));
      if (kept === null) return reply.status(404).send('Not found');
      text = kept;
    }
    const segmentBase = manifestSegmentBase(deps.signer, grant, nowSeconds() + deps.segmentGrantSeconds);
    const extension = path.extname(file);
    // A preview's manifests end with its last segment (decision 044): nothing past it is listed. An
    // opening's list the whole film (the player's timeline), its grant opening only its range.
    const previewSegments =
      grant.segmentRange && !grant.opening ? grant.segmentRange[1] - grant.segmentRange[0] + 1 : null;
    // A Stream channel's preview is a closed HLS cut of its encoder's window (decision 041).
    const ingestPreview = grant.player === 'live' ? grant.segmentRange : null;
    if (ingestPreview) {
      // HLS only: the encoder's MPD is dynamic, and its multivariant playlist passes as it is.
      if (extension === '.mpd') return reply.status(404).send('Not found');
      if (!text.includes('#EXT-X-STREAM-INF')) {
        const cut = cutIngestPlaylist(text, ingestPreview);
        // The encoder's window moved past the whole cut: the excerpt is gone.
        if (cut === null) return reply.status(404).send('Not found');
        text = rewriteHlsMediaPlaylist(cut, segmentBase);
      }
    } else if (extension === '.mpd') {
      text = addMpdBaseUrl(text, segmentBase);
      if (previewSegments) text = limitMpdDuration(text, Number((previewSegments * SEGMENT_SECONDS).toFixed(3)));
      text = durationTemplatesToTimeline(text);
    } else if (!text.includes('#EXT-X-STREAM-INF')) {
      text = rewriteHlsMediaPlaylist(text, segmentBase);
      if (previewSegments) text = truncateHlsMediaPlaylist(text, previewSegments);
    } else if (!previewSegments && file.startsWith('clips/')) {
      // A finished clip's media playlists are the same file for every viewer: named under the
      // segments grant, they are read as they are (nginx serves them; decision 042). A preview's
      // and a live encoder's stay under this grant, cut or checked at each fetch.
      text = rewriteHlsMediaPlaylist(text, segmentBase);
    }
    reply.header('cache-control', 'no-store').type(MANIFEST_TYPES[extension]!);
    return reply.send(text);
  }

  /** `/media/s/{grant}/{folder}/{file}` (decisions 006 and 022): no cookie needed. */
  async function serveGranted(rest: string, _request: FastifyRequest, reply: FastifyReply) {
    const slash = rest.indexOf('/');
    const token = slash > 0 ? rest.slice(0, slash) : '';
    const file = path.posix.normalize(rest.slice(slash + 1));
    const grant = token ? deps.signer.verify(token, nowSeconds()) : null;
    const extension = path.extname(file).toLowerCase();
    if (!grant || grant.kind === 'live' || !file.startsWith(`${grant.prefix}/`) || file.includes('..')) {
      return reply.status(403).send('Forbidden');
    }
    if (grant.kind === 'manifests') {
      return extension in MANIFEST_TYPES ? serveManifest(grant, file, reply) : reply.status(403).send('Forbidden');
    }
    if (!(await segmentAllowed(deps.authority, grant, file))) {
      // A segment of a live programme this viewer may not see, which the grant would otherwise
      // open: the stream call's own error and reason (decision 082), in the viewer's language.
      if (grant.refusal && (await segmentAllowed(deps.authority, { ...grant, refusal: null }, file)))
        throw liveRatingError(grant.refusal);
      return reply.status(403).send('Forbidden');
    }
    reply.header('cache-control', 'private, max-age=3600');
    if (extension !== '.m3u8') return reply.sendFile(file, deps.mediaRoot, { cacheControl: false });
    try {
      return reply.type(MANIFEST_TYPES['.m3u8']!).send(await readManifest(file));
    } catch {
      return reply.status(404).header('cache-control', 'no-store').send('Not found');
    }
  }

  // Posters and pictures are public; /media/s/{grant}/ files are the grant's (decisions 006, 022).
  app.get<{ Params: { '*': string } }>('/media/*', { config: { access: 'stream-grant' } }, async (request, reply) => {
    const rest = request.params['*'];
    return rest.startsWith(GRANT_PREFIX)
      ? serveGranted(rest.slice(GRANT_PREFIX.length), request, reply)
      : servePublic(rest, reply);
  });
}
