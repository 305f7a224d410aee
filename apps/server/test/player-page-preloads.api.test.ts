import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { ENTRY_CHUNKS, WEB_INDEX, writeWebBuild } from './support/web-build';

// Decision 033: the HTML of a first visit's player page (spec 2 §2 content player) names the
// page's chunks and Shaka's, read from the web build's Vite manifest, so the browser fetches them
// with the entry. A small build folder stands in for apps/web/dist.
const MANIFEST = {
  ...ENTRY_CHUNKS,
  'src/app/routes/content.route.tsx': {
    file: 'assets/content.route-C.js',
    isDynamicEntry: true,
    imports: ['_src-B.js'],
  },
  'src/app/routes/channel.route.tsx': { file: 'assets/channel.route-H.js', isDynamicEntry: true },
  '../../node_modules/shaka-player/dist/shaka-player.compiled-es2021.js': {
    file: 'assets/shaka-K.js',
    isDynamicEntry: true,
  },
  // The engine adapter, on demand since decision 142.
  '../../packages/player/src/shaka-engine.ts': { file: 'assets/shaka-engine-J.js', isDynamicEntry: true },
};

let t: TestApp;
let build: ReturnType<typeof writeWebBuild>;
beforeAll(async () => {
  build = writeWebBuild(MANIFEST);
  t = await createTestApp({ env: { WEB_DIST_DIR: build.dir } });
});
afterAll(async () => {
  await t.close();
  build.remove();
});

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

describe('a player page’s HTML names its code (decision 033, spec 2 §2)', () => {
  it('the film’s page: its chunk, Shaka and the engine adapter, with its share tags and a single title', async () => {
    const res = await t.app.inject({ url: '/content/1001/l-ete-indien' });
    expect(res.statusCode).toBe(200);
    expect(modulePreloads(res.body)).toEqual([
      '/assets/content.route-C.js',
      '/assets/shaka-K.js',
      '/assets/shaka-engine-J.js',
    ]);
    expect(res.body).toContain('<title>L&#39;Été indien | Playz</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('a channel page without share tags keeps the app’s own title', async () => {
    const res = await t.app.inject({ url: '/channels' });
    expect(res.statusCode).toBe(200);
    expect(modulePreloads(res.body)).toEqual([
      '/assets/channel.route-H.js',
      '/assets/shaka-K.js',
      '/assets/shaka-engine-J.js',
    ]);
    expect(res.body).toContain('<title>Playz</title>');
  });

  it('pages that do not play are the build’s index.html as it is', async () => {
    for (const url of ['/', '/search', '/customer/login']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(WEB_INDEX);
    }
  });
});
