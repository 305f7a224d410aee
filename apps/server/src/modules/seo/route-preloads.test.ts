import { describe, expect, it } from 'vitest';
import { routePreloadTags, type ViteManifest } from './route-preloads';

// Decision 033: a first visit's player page (spec 2 §2 content, list, episode, channel and live
// event players) names its own chunks and Shaka's in its HTML. The shape of a real build's
// .vite/manifest.json (Vite 8), shortened.
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_src-B.js', '_runtime-R.js'] },
  '_src-B.js': { file: 'assets/src-B.js', imports: ['_runtime-R.js'] },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  'src/app/routes/content.route.tsx': {
    file: 'assets/content.route-C.js',
    isDynamicEntry: true,
    imports: ['_src-B.js', 'index.html', '_player-page-P.js'],
  },
  '_player-page-P.js': { file: 'assets/player-page-P.js', imports: ['_src-B.js'], css: ['assets/player-page-P.css'] },
  'src/app/routes/channel.route.tsx': {
    file: 'assets/channel.route-H.js',
    isDynamicEntry: true,
    imports: ['_player-page-P.js', '_guide-G.js'],
  },
  '_guide-G.js': { file: 'assets/guide-G.js' },
  // The entry's start of a channel's first visit (decision 138), imported by the entry on such pages.
  'src/app/channel-opening.ts': {
    file: 'assets/channel-opening-O.js',
    isDynamicEntry: true,
    imports: ['_src-B.js', 'index.html'],
  },
  'src/app/routes/episode.route.tsx': { file: 'assets/episode.route-E.js', isDynamicEntry: true },
  'src/app/routes/series.route.tsx': { file: 'assets/series.route-S.js', isDynamicEntry: true },
  '../../node_modules/shaka-player/dist/shaka-player.compiled-es2021.js': {
    file: 'assets/shaka-K.js',
    isDynamicEntry: true,
    imports: ['_runtime-R.js'],
  },
  // The engine adapter, on demand since decision 142; its engine-factory import is the entry's.
  '../../packages/player/src/shaka-engine.ts': {
    file: 'assets/shaka-engine-J.js',
    isDynamicEntry: true,
    imports: ['_src-B.js'],
  },
};

const hrefs = (tags: string) => [
  ...tags.matchAll(/<link rel="([a-z]+)"(?: as="style")? crossorigin href="([^"]+)" \/>/g),
];

describe('player pages name their code in their HTML (decision 033)', () => {
  it('the app’s own entry is index.html when the build has a second one (the Cast receiver, decision 070)', () => {
    // The receiver's entry listed first, sharing the runtime: what the app's entry preloads is not named again.
    const withReceiver: ViteManifest = {
      'cast-receiver.html': { file: 'assets/cast-receiver-Z.js', isEntry: true, imports: ['_runtime-R.js'] },
      ...manifest,
    };
    expect(hrefs(routePreloadTags(withReceiver, '/content/1001/l-ete-indien')).map(([, , href]) => href)).toEqual([
      '/assets/content.route-C.js',
      '/assets/player-page-P.js',
      '/assets/shaka-K.js',
      '/assets/shaka-engine-J.js',
      '/assets/player-page-P.css',
    ]);
  });

  it('a content page: its chunk, what it imports beyond the entry, Shaka and the engine adapter, and its stylesheet', () => {
    const tags = routePreloadTags(manifest, '/content/1001/l-ete-indien');
    expect(hrefs(tags).map(([, rel, href]) => `${rel} ${href}`)).toEqual([
      'modulepreload /assets/content.route-C.js',
      'modulepreload /assets/player-page-P.js',
      'modulepreload /assets/shaka-K.js',
      'modulepreload /assets/shaka-engine-J.js',
      'preload /assets/player-page-P.css',
    ]);
    expect(tags).toContain('<link rel="preload" as="style" crossorigin href="/assets/player-page-P.css" />');
  });

  it('the channel pages, with or without an id and a slug, and an episode', () => {
    for (const path of ['/channels', '/channel/5', '/channel/5/la-une'])
      expect(hrefs(routePreloadTags(manifest, path)).map(([, , href]) => href)).toEqual([
        '/assets/channel.route-H.js',
        '/assets/player-page-P.js',
        '/assets/guide-G.js',
        '/assets/channel-opening-O.js',
        '/assets/shaka-K.js',
        '/assets/shaka-engine-J.js',
        '/assets/player-page-P.css',
      ]);
    expect(routePreloadTags(manifest, '/series/3/s/season/4/s1/episode/7/e1')).toContain('episode.route-E.js');
  });

  it('nothing for pages that do not play (a purchase confirmation), malformed ids, a build without the page, or no manifest', () => {
    for (const path of [
      '/',
      '/series/3/s',
      '/content/abc/x',
      '/content/1001/x/extra',
      '/content/1001/purchased',
      '/channel/x',
      '/search',
    ])
      expect(routePreloadTags(manifest, path)).toBe('');
    expect(routePreloadTags(manifest, '/live-event/2/finale')).toBe('');
    expect(routePreloadTags(null, '/content/1001/l-ete-indien')).toBe('');
  });

  it('without Shaka in the build, the page’s own chunks still', () => {
    const withoutShaka = Object.fromEntries(Object.entries(manifest).filter(([key]) => !key.includes('shaka-player')));
    expect(routePreloadTags(withoutShaka, '/content/1/x')).not.toContain('shaka-K');
    expect(routePreloadTags(withoutShaka, '/content/1/x')).toContain('content.route-C.js');
  });

  it('a manifest entry without a file name is skipped, not a failed page', () => {
    const damaged: ViteManifest = { ...manifest, '_player-page-P.js': {} as ViteManifest[string] };
    expect(hrefs(routePreloadTags(damaged, '/content/1/x')).map(([, , href]) => href)).toEqual([
      '/assets/content.route-C.js',
      '/assets/shaka-K.js',
      '/assets/shaka-engine-J.js',
    ]);
  });
});
