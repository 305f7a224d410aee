import { escapeHtml } from './html-head';

/** One chunk of Vite's build manifest (`.vite/manifest.json`, Vite's backend-integration guide). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** A page's slug; `purchased` is the purchase confirmation page of the same id, which does not play. */
const SLUG = '(?!purchased$)[^/]+';
const ID = '\\d{1,15}';
/**
 * The web app's player pages (apps/web/src/app/router.tsx, `plays: true`), by the path a viewer
 * opens and the source file of the page's chunk. The same paths as the router's; a page missing
 * from the build's manifest simply gets no hints.
 */
const PLAYER_PAGES: readonly (readonly [RegExp, string, ...string[]])[] = [
  [new RegExp(`^/content/${ID}/${SLUG}$`), 'src/app/routes/content.route.tsx'],
  [new RegExp(`^/content-list/${ID}/${SLUG}$`), 'src/app/routes/content-list.route.tsx'],
  [new RegExp(`^/series/${ID}/[^/]+/season/${ID}/[^/]+/episode/${ID}/[^/]+$`), 'src/app/routes/episode.route.tsx'],
  // And the entry's start of a channel's first visit, a chunk of its own (decision 138).
  [
    new RegExp(`^/(?:channels|channel/${ID}(?:/[^/]+)?)$`),
    'src/app/routes/channel.route.tsx',
    'src/app/channel-opening.ts',
  ],
  [new RegExp(`^/live-event/${ID}/${SLUG}$`), 'src/app/routes/live-event.route.tsx'],
];

/**
 * What every player page imports on demand to play (packages/player, engine-factory.ts): Shaka,
 * then the app's engine adapter over it, a chunk of its own since decision 142.
 */
const ENGINE_SOURCES = [
  /\/shaka-player\/dist\/shaka-player\.compiled[^/]*\.js$/,
  /\/packages\/player\/src\/shaka-engine\.ts$/,
];

/** The engine's chunks (Shaka's first, the bigger) not in `seen`, each once. */
function engineFiles(manifest: ViteManifest, seen: Set<string>): string[] {
  const keys = Object.keys(manifest);
  return ENGINE_SOURCES.flatMap((source) => {
    const key = keys.find((candidate) => source.test(candidate) && manifest[candidate]!.isDynamicEntry);
    return key ? chunkFiles(manifest, key, seen) : [];
  });
}

/** The files `key` needs, itself first, each once (`seen` holds what is already there). */
function chunkFiles(manifest: ViteManifest, key: string, seen: Set<string>): string[] {
  const chunk = manifest[key];
  // A damaged or foreign manifest's entry without a file name is skipped, never served.
  if (seen.has(key) || typeof chunk?.file !== 'string') return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((dep) => chunkFiles(manifest, dep, seen))];
}

/**
 * `<link>` hints for the page at `pathname`: a player page's own chunks and Shaka's, fetched (and
 * compiled off the main thread) alongside the app's entry instead of after it has run and asked
 * for them, and the page's stylesheet. Nothing for other pages, nor for chunks index.html already
 * preloads. Decision 033 (time to first frame, a first visit's player page).
 *
 * Not for a page carrying its film's opening: there the entry comes after the first picture and
 * its page's code with it (`entryLeftToFirstScript`, decision 136).
 */
export function routePreloadTags(manifest: ViteManifest | null, pathname: string): string {
  const [, page, ...more] = PLAYER_PAGES.find(([pattern]) => pattern.test(pathname)) ?? [];
  if (!manifest || !page || !manifest[page]) return '';
  // The app's own entry: the build has a second one, the Cast receiver page (decision 070).
  const entry = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const inEntry = new Set<string>();
  if (entry) chunkFiles(manifest, entry, inEntry);
  const seen = new Set(inEntry);
  const scripts = [
    ...[page, ...more].flatMap((source) => chunkFiles(manifest, source, seen)),
    ...engineFiles(manifest, seen),
  ];
  const styles = [...seen].filter((key) => !inEntry.has(key)).flatMap((key) => manifest[key]?.css ?? []);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
}

/** The film page's first script (apps/web/src/first-picture.ts, a Vite input of its own). */
const FIRST_PICTURE_SOURCE = 'src/first-picture.ts';
/** The rest of its work, which it imports by the name a `<meta>` gives (apps/web/src/app/first-script.ts). */
const FIRST_SCRIPT_SOURCE = 'src/app/first-script.ts';
/** That `<meta>`'s name (apps/web/src/first-picture.ts). */
export const FIRST_SCRIPT_META = 'playz-first-script';

/**
 * The first script of a page carrying its film's opening (decision 127): `async`, so it runs as
 * soon as its own small graph is in, before the app's entry has been fetched and evaluated, and
 * starts the opening then (the entry takes what it started). Nothing when the build has none.
 * Its imports follow it as `modulepreload`s (decision 131): they are the entry's chunks too, which
 * Vite names after the entry in index.html, so they queued among the entry's twenty-five requests
 * on HTTP/1.1's six connections and came 320–440 ms after the script itself.
 *
 * Since decision 137 the first script's own chunk imports nothing: it starts the stand-in picture
 * and then imports the rest of its work, named by a `<meta>`; that chunk and its imports are
 * preloaded here. Nothing when the build has either of the two missing.
 */
export function firstPictureTag(manifest: ViteManifest | null): string {
  const chunk = manifest?.[FIRST_PICTURE_SOURCE];
  const rest = manifest?.[FIRST_SCRIPT_SOURCE];
  if (!manifest || !chunk?.isEntry || typeof chunk.file !== 'string') return '';
  if (!rest?.isEntry || typeof rest.file !== 'string') return '';
  const seen = new Set<string>();
  const imports = [
    ...chunkFiles(manifest, FIRST_PICTURE_SOURCE, seen).slice(1),
    ...chunkFiles(manifest, FIRST_SCRIPT_SOURCE, seen),
  ];
  return [
    `<script type="module" async crossorigin src="/${escapeHtml(chunk.file)}"></script>`,
    `<meta name="${FIRST_SCRIPT_META}" content="/${escapeHtml(rest.file)}" />`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
}

/**
 * Shaka's `modulepreload` (and the engine adapter's) for a page carrying its film's opening, put before the app's scripts
 * with the opening's tags (decision 127): the opening is started by the first script, and its
 * first frame waited on Shaka, which was asked after the entry's twenty-odd chunks over HTTP/1.1's
 * six connections. Nothing when the build has no Shaka chunk.
 */
export function openingShakaTags(manifest: ViteManifest | null): string {
  if (!manifest) return '';
  return engineFiles(manifest, new Set())
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />\n`)
    .join('');
}

/** The `<meta>` naming the app's entry for the film page's first script (apps/web page-stream-early.ts). */
export const ENTRY_META = 'playz-entry';

/**
 * index.html for a page carrying its film's opening (decisions 134 and 136): the app's entry is
 * imported by the first script once the opening's first frame is shown, instead of run by a
 * `<script>` of its own, so that its static graph's evaluation (React, the router, i18next, the
 * catalogue) no longer holds the main thread before the picture. Its `<script>` becomes a `<meta>`
 * naming it, and nothing of it is preloaded: its twenty-five chunks, even at low priority, were
 * each a response the page's main thread took in and a request the server answered while the
 * first script, Shaka and the segments waited (decision 136). The page as it is when the build has
 * no first script, or its entry is not found.
 */
export function entryLeftToFirstScript(html: string, manifest: ViteManifest | null): string {
  const entry = manifest?.['index.html'];
  if (!firstPictureTag(manifest) || !entry?.isEntry || typeof entry.file !== 'string') return html;
  const href = `/${escapeHtml(entry.file)}`;
  const script = new RegExp(
    `<script type="module"( crossorigin)? src="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`,
  );
  if (!script.test(html)) return html;
  return html
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(script, `<meta name="${ENTRY_META}" content="${href}" />`);
}
