import { Readable } from 'node:stream';
import path from 'node:path/posix';
import type { FastifyInstance } from 'fastify';
import type { DownloadFiles } from './download-files';
import { checkedWhileSent } from './download-transfer';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { StreamSigner } from '../../streaming/stream-signing';

/** `{clip folder}/{title slug}-{height}p.mp4` */
const DOWNLOAD_FILE = /^(clips\/[a-z0-9-]{1,64})\/[a-z0-9-]{1,120}-(\d{2,4})p\.mp4$/;

/** An inclusive byte range of a `Range: bytes=...` header; null: the whole file; 'bad': 416. */
function rangeOf(header: string | undefined, size: number): [number, number] | null | 'bad' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  // Absent, several ranges or another unit: the whole file (RFC 9110 §14.2 lets us ignore it).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  return start <= end && start < size ? [start, end] : 'bad';
}

/**
 * `/media/d/{grant}/{clip folder}/{name}-{height}p.mp4` (docs/decisions/023): a download made
 * from the stream's segments as it is sent. The grant is a download grant of the session that
 * asked (no cookie needed, as for segments); ranges let a download resume. Each transfer (a
 * resume too) asks the stream authority as a manifest does (decision 049): the session still
 * signed in, the right still there, the device still holding its place; and again every
 * TRANSFER_CHECK_MS while it is sent.
 */
export function registerDownloadRoutes(
  app: FastifyInstance,
  deps: { signer: StreamSigner; authority: StreamAuthority; files: DownloadFiles; now?: () => Date },
) {
  // A wildcard, not `:token`: a grant is longer than Fastify lets a path parameter be.
  app.get<{ Params: { '*': string } }>('/media/d/*', { config: { access: 'stream-grant' } }, async (request, reply) => {
    const rest = request.params['*'];
    const slash = rest.indexOf('/');
    const file = path.normalize(rest.slice(slash + 1));
    const nowSeconds = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
    const grant = slash > 0 ? deps.signer.verify(rest.slice(0, slash), nowSeconds) : null;
    const match = DOWNLOAD_FILE.exec(file);
    // Only a download's own grant: a stream's segment grant is no licence to the whole film.
    const isDownload = grant?.kind === 'segments' && grant.download === true && grant.usage === 'View';
    if (!isDownload || grant.segmentRange || !match || match[1] !== grant.prefix) {
      return reply.status(403).send('Forbidden');
    }
    if (!(await deps.authority.allows(grant))) return reply.status(403).send('Forbidden');
    const height = Number(match[2]);
    const download = await deps.files.describe(grant.prefix, height);
    if (!download || download.height !== height) return reply.status(404).send('Not found');
    const range = rangeOf(request.headers.range, download.filesize);
    if (range === 'bad') return reply.status(416).header('content-range', `bytes */${download.filesize}`).send();
    const [start, end] = range ?? [0, download.filesize - 1];
    if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${download.filesize}`);
    return reply
      .type('video/mp4')
      .header('content-length', end - start + 1)
      .header('accept-ranges', 'bytes')
      .header('etag', `"${download.md5}"`)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
      .send(
        Readable.from(
          // Checked again while it is sent: a long transfer renews its place, a log-out cuts it.
          checkedWhileSent(deps.files.read(download, start, end), {
            stillAllowed: () => deps.authority.allows(grant),
            nowMs: () => (deps.now?.() ?? new Date()).getTime(),
          }),
        ),
      );
  });
}
