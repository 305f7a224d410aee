import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

/** Where the benchmark serves its peer page and stock hls.js, on the server's own origin. */
export const PEER_PAGE_PATH = '/__bench/hls-peer.html';
const HLS_JS_PATH = '/__bench/hls.min.js';
/** The page's own script, a file of the origin: the app's CSP (decision 031) refuses inline scripts. */
const PEER_SCRIPT_PATH = '/__bench/hls-peer.js';

const hlsJs = fs.readFileSync(createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js'));

/**
 * The peer: a bare page, stock hls.js (from npm, default settings) in a plain <video>, playing
 * the URL in its query string: what any other page holding the signed URL would do.
 */
const PEER_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>hls.js peer</title><script src="${HLS_JS_PATH}"></script></head>
<body>
<video id="video" muted autoplay playsinline></video>
<script src="${PEER_SCRIPT_PATH}"></script>
</body></html>`;

const PEER_SCRIPT = `
  const url = new URLSearchParams(location.search).get('src');
  const video = document.getElementById('video');
  // Set from the script: the CSP refuses inline style attributes too.
  Object.assign(document.body.style, { margin: '0', background: '#000' });
  video.style.width = '100%';
  const start = () => {
    const hls = new Hls();
    hls.loadSource(url);
    hls.attachMedia(video);
    hls.on(Hls.Events.MANIFEST_PARSED, () => video.play());
  };
  // ?start=key: hls.js is loaded and waits for a key press, as a player already on screen would.
  if (new URLSearchParams(location.search).get('start') === 'key') {
    document.addEventListener('keydown', start, { once: true });
    window.benchPeerReady = true;
  } else start();
`;

export function registerPeerPage(app: FastifyInstance) {
  // The bench's own pages are public like the app's static files (every route declares its access, decision 055).
  const open = { config: { access: 'public' as const } };
  app.get(PEER_PAGE_PATH, open, (_request, reply) => reply.type('text/html; charset=utf-8').send(PEER_PAGE));
  app.get(PEER_SCRIPT_PATH, open, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(PEER_SCRIPT));
  app.get(HLS_JS_PATH, open, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000').send(hlsJs),
  );
}
