import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOceanClip } from './support/ocean-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { CHROMIUM, ENTRY_CHUNKS, FIRST_SCRIPT_CHUNKS, SAFARI, writeWebBuild } from './support/web-build';

// Decision 111: a film's player page carries its opening (decision 044: no device place, four
// segments, a minute) in its HTML, so a first visit fetches the stream before the app's code has
// run. A small build folder stands in for apps/web/dist.
const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <title>Playz</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/src-B.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** The build's Vite manifest, shortened: the entry, the film page's chunk (and its stylesheet), Shaka. */
const MANIFEST = {
  ...ENTRY_CHUNKS,
  // The film page's first script and the rest of its work (decisions 127, 137).
  ...FIRST_SCRIPT_CHUNKS,
  'src/app/routes/content.route.tsx': {
    file: 'assets/content.route-C.js',
    isDynamicEntry: true,
    imports: ['_src-B.js', '_player-page-P.js'],
  },
  '_player-page-P.js': { file: 'assets/player-page-P.js', css: ['assets/player-page-P.css'] },
  '../../node_modules/shaka-player/dist/shaka-player.compiled-es2021.js': {
    file: 'assets/shaka-K.js',
    isDynamicEntry: true,
  },
  '../../packages/player/src/shaka-engine.ts': { file: 'assets/shaka-engine-J.js', isDynamicEntry: true },
};
const TEMPLATE =
  '<SegmentTemplate timescale="1000000" duration="3200000" initialization="init-stream$RepresentationID$.m4s" media="chunk-stream$RepresentationID$-$Number%05d$.m4s" startNumber="1"></SegmentTemplate>';
const LADDER_MPD = `<MPD type="static" mediaPresentationDuration="PT32.0S">
\t<Period id="0" start="PT0.0S">
\t\t<AdaptationSet id="0" contentType="video">
\t\t\t<Representation id="0" mimeType="video/mp4" codecs="avc1.4d4015" bandwidth="400000">${TEMPLATE}</Representation>
\t\t\t<Representation id="1" mimeType="video/mp4" bandwidth="900000">${TEMPLATE}</Representation>
\t\t</AdaptationSet>
\t\t<AdaptationSet id="1" contentType="audio" lang="fr" codecs="mp4a.40.2">
\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/>
\t\t\t<Representation id="3" mimeType="audio/mp4" bandwidth="128000">${TEMPLATE}</Representation>
\t\t</AdaptationSet>
\t\t<AdaptationSet id="2" contentType="audio" lang="en">
\t\t\t<Representation id="4" mimeType="audio/mp4" bandwidth="128000">${TEMPLATE}</Representation>
\t\t</AdaptationSet>
\t</Period>
</MPD>
`;
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 29, 20, 0);
const now = () => new Date(clock);

let t: TestApp;
let webDir: string;
let build: ReturnType<typeof writeWebBuild>;
beforeAll(async () => {
  // Its index.html preloads the entry's chunk too: a page carrying an opening drops that preload.
  build = writeWebBuild(MANIFEST, INDEX);
  webDir = build.dir;
  // One place per account: a page's opening must never need one.
  t = await createTestApp({ now, env: { WEB_DIST_DIR: webDir, MAX_SIMULTANEOUS_DEVICES: '1' } });
  writeOceanClip(t.config.dataDir);
  const dir = path.join(t.config.dataDir, 'media/clips/ocean');
  for (const n of [2, 3, 4, 5, 6]) fs.writeFileSync(path.join(dir, `chunk-stream0-0000${n}.m4s`), `segment ${n}`);
  // The pipeline's MPD shape (decision 127 reads it to name the first segments): two video
  // renditions, the French audio (main) and the English one.
  fs.writeFileSync(path.join(dir, 'manifest.mpd'), LADDER_MPD);
  fs.writeFileSync(path.join(dir, 'init-stream3.m4s'), 'audio init');
  fs.writeFileSync(path.join(dir, 'chunk-stream3-00001.m4s'), 'audio segment');
});
afterAll(async () => {
  await t.close();
  build.remove();
});

const FILM_PAGE = '/content/1001/l-ete-indien';
const openPage = (cookie: string | null, options: { method?: 'GET' | 'HEAD'; ua?: string; url?: string } = {}) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url: options.url ?? FILM_PAGE,
    headers: { 'user-agent': options.ua ?? CHROMIUM, ...(cookie ? { cookie } : {}) },
  });
const openingOf = (html: string) => {
  const found = /<meta name="playz-opening" content="([^"]+)" \/>/.exec(html)?.[1];
  return found ? JSON.parse(found.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) : null;
};
const askView = (cookie: string) =>
  t.app.inject({
    url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash',
    headers: { cookie },
  });
const baseOf = (mpd: string) => /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd)![1]!;

/** Each test signs in past the openings' count (ten minutes) and the last test's device place. */
async function signedIn(login = 'abonne@playz.fr'): Promise<string> {
  clock += 11 * MINUTE;
  return logInAs(t.app, login);
}

describe('a film’s player page carries its opening (decision 111; spec 2 §2 content player, §4, spec 1 §6)', () => {
  it('spec 2 §2: a subscriber’s page names the opening’s stream and preloads its manifest, kept by no cache', async () => {
    const cookie = await signedIn();
    const page = await openPage(cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const opening = openingOf(page.body);
    expect(opening).toMatchObject({ contentId: '1001', start: null, target: 'player_dash', type: 'dash' });
    expect(page.body).toContain(
      `<link rel="preload" as="fetch" crossorigin href="${opening.url}" fetchpriority="high" />`,
    );
    expect(page.body.indexOf('playz-opening')).toBeLessThan(page.body.indexOf('</head>'));
    // The grant of decision 044: the whole film listed, its first three segments open.
    const manifest = await t.app.inject(opening.url);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).toContain('mediaPresentationDuration="PT32.0S"');
    const base = baseOf(manifest.body);
    expect((await t.app.inject(`${base}chunk-stream0-00003.m4s`)).body).toBe('segment 3');
    expect((await t.app.inject(`${base}chunk-stream0-00004.m4s`)).statusCode).toBe(403);
  });

  it('spec 2 §2: the opening’s manifest is asked first, its segments, the first script (Shaka after its stand-in), and nothing of the entry before the picture', async () => {
    // Decision 120: over HTTP/1.1 (six connections to a host) the manifest asked among forty
    // chunks came long after them; the page's code is not needed before the opening's first frame.
    const cookie = await signedIn();
    const page = (await openPage(cookie)).body;
    const opening = openingOf(page);
    expect(opening).not.toBeNull();
    const links = [...page.matchAll(/<(?:script|link)\b[^>]*>/g)]
      .filter(([tag]) => !/rel="(?:canonical|alternate|icon)"/.test(tag))
      .map(([tag]) => tag.replaceAll(/ crossorigin| \/>|>$/g, ''));
    const base = baseOf((await t.app.inject(opening.url)).body);
    expect(
      links.map((tag) => tag.replace(opening.url.replaceAll('&', '&amp;'), 'MANIFEST').replace(base, 'SEGMENTS/')),
    ).toEqual([
      '<link rel="preload" as="fetch" href="MANIFEST" fetchpriority="high"',
      // Decision 134: the segments at the default priority.
      '<link rel="preload" as="fetch" href="SEGMENTS/init-stream0.m4s"',
      '<link rel="preload" as="fetch" href="SEGMENTS/chunk-stream0-00001.m4s"',
      '<link rel="preload" as="fetch" href="SEGMENTS/init-stream3.m4s"',
      '<link rel="preload" as="fetch" href="SEGMENTS/chunk-stream3-00001.m4s"',
      '<script type="module" async src="/assets/first-picture-F.js"',
      // Decision 131: the first script's imports right after it, before the entry's requests;
      // since decision 137, the rest of its work, which a <meta> names, with its own imports.
      '<link rel="modulepreload" href="/assets/first-script-R.js"',
      '<link rel="modulepreload" href="/assets/src-B.js"',
      // Decision 137: with a stand-in picture, Shaka is fetched after it, not preloaded.
      // Decisions 134 and 136: no script of the entry's own and none of its chunks nor the page's
      // preloaded: the first script imports the entry after the picture, which fetches them then.
    ]);
    // Without an opening (a visitor) the page's code is the first frame's path: asked as before.
    const visitor = (await openPage(null)).body;
    expect(openingOf(visitor)).toBeNull();
    expect(visitor).not.toContain('fetchpriority');
    expect(visitor).not.toContain('first-picture');
    expect(visitor).toContain('<link rel="modulepreload" crossorigin href="/assets/content.route-C.js" />');
    // Decision 134: the page names its entry for the first script; a visitor's runs it as before.
    expect(page).toContain('<meta name="playz-entry" content="/assets/index-A.js" />');
    // Decision 137: the rest of the first script's work, named for its `import()`.
    expect(page).toContain('<meta name="playz-first-script" content="/assets/first-script-R.js" />');
    expect(visitor).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(visitor).not.toContain('playz-entry');
  });

  it('spec 2 §2: the page preloads the first segments its player fetches, under the grant its manifest names', async () => {
    // Decision 127: the init and first segment of the lowest video rendition and the main audio,
    // the very URLs the served manifest resolves to, so Shaka's requests are the preloads' answers.
    const cookie = await signedIn();
    const page = (await openPage(cookie)).body;
    const opening = openingOf(page);
    const manifest = await t.app.inject(opening.url);
    // Asked seconds later (the app's code loads meanwhile): the manifest still names the same grant.
    clock += 5_000;
    const base = baseOf((await t.app.inject(opening.url)).body);
    expect(baseOf(manifest.body)).toBe(base);
    const preloaded = [...page.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/g)].map(
      ([, href]) => href!.replaceAll('&amp;', '&'),
    );
    expect(preloaded).toEqual(
      ['init-stream0.m4s', 'chunk-stream0-00001.m4s', 'init-stream3.m4s', 'chunk-stream3-00001.m4s'].map(
        (file) => `${base}${file}`,
      ),
    );
    const answers = await Promise.all(preloaded.map((url) => t.app.inject(url)));
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [200, 'init'],
      [200, 'segment'],
      [200, 'audio init'],
      [200, 'audio segment'],
    ]);
    // Decision 137: the same files by track, with the types the first script's stand-in appends.
    expect(opening.picture).toEqual([
      { mime: 'video/mp4; codecs="avc1.4d4015"', init: preloaded[0], media: preloaded[1] },
      { mime: 'audio/mp4; codecs="mp4a.40.2"', init: preloaded[2], media: preloaded[3] },
    ]);
    // A visitor's page has none: it carries no opening.
    expect((await openPage(null)).body).not.toContain('as="fetch"');
  });

  it('spec 2 §2: a manifest whose first tracks have no codecs gives the page no stand-in picture (decision 137)', async () => {
    const file = path.join(t.config.dataDir, 'media/clips/ocean/manifest.mpd');
    // Read once and kept (a finished clip's MPD never changes): this test's app is a fresh one.
    const fresh = await createTestApp({ now, env: { WEB_DIST_DIR: webDir, MAX_SIMULTANEOUS_DEVICES: '1' } });
    try {
      writeOceanClip(fresh.config.dataDir);
      fs.writeFileSync(
        path.join(fresh.config.dataDir, 'media/clips/ocean/manifest.mpd'),
        fs.readFileSync(file, 'utf8').replace(' codecs="mp4a.40.2"', ''),
      );
      const page = await fresh.app.inject({
        url: FILM_PAGE,
        headers: { 'user-agent': CHROMIUM, cookie: await logInAs(fresh.app, 'abonne@playz.fr') },
      });
      const opening = openingOf(page.body);
      expect(opening).toMatchObject({ contentId: '1001', type: 'dash' });
      expect(opening).not.toHaveProperty('picture');
      // Its files are still preloaded for the player, and Shaka and the engine adapter (decision
      // 142), on the first picture's path again.
      expect(page.body.match(/<link rel="preload" as="fetch" crossorigin href="[^"]+" \/>/g)).toHaveLength(4);
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shaka-K.js" />');
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shaka-engine-J.js" />');
    } finally {
      await fresh.close();
    }
  });

  it('spec 1 §6: an abandoned page’s opening takes no place, and a second device is still refused at play', async () => {
    const abandoned = await signedIn();
    const opening = openingOf((await openPage(abandoned)).body);
    const manifest = await t.app.inject(opening.url);
    expect((await t.app.inject(`${baseOf(manifest.body)}chunk-stream0-00001.m4s`)).statusCode).toBe(200);
    // Its preloads fetched too (decision 127): still no place taken.
    expect((await t.app.inject(`${baseOf(manifest.body)}init-stream3.m4s`)).statusCode).toBe(200);
    // The viewer left without playing: another device plays with the account's only place.
    const playing = await logInAs(t.app, 'abonne@playz.fr');
    expect((await askView(playing)).json().Error.Number).toBe(0);
    // A second device's page still gets its opening (no place taken) ...
    const second = await logInAs(t.app, 'abonne@playz.fr');
    const secondOpening = openingOf((await openPage(second)).body);
    expect((await t.app.inject(secondOpening.url)).statusCode).toBe(200);
    // ... and its play, the View stream that takes the place, is refused (spec 1 §6).
    expect((await askView(second)).json().Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
    expect((await askView(abandoned)).json().Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
    // The device that holds the place plays on.
    expect((await askView(playing)).json().Error.Number).toBe(0);
  });

  it('spec 2 §4 resume: the opening starts at the viewer’s resume point, the segment before it to 6.4 s after', async () => {
    const cookie = await signedIn();
    expect((await askView(cookie)).json().Error.Number).toBe(0);
    const saved = await t.app.inject({
      url: '/api/1.2/content/1001/playback/status?playback_time=7',
      headers: { cookie },
    });
    expect(saved.json().Error.Number).toBe(0);
    clock += 11 * MINUTE;
    const page = (await openPage(cookie)).body;
    const opening = openingOf(page);
    expect(opening.start).toBe(7);
    // No segment preloaded at a resume point (decision 127: the player's first one is its own choice).
    expect(page.match(/as="fetch"/g)).toHaveLength(1);
    const base = baseOf((await t.app.inject(opening.url)).body);
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).statusCode).toBe(403);
    expect((await t.app.inject(`${base}chunk-stream0-00005.m4s`)).body).toBe('segment 5');
    expect((await t.app.inject(`${base}chunk-stream0-00006.m4s`)).statusCode).toBe(403);
  });

  it('spec 2 §4: HLS for Safari, as the web app asks there', async () => {
    const cookie = await signedIn();
    expect(openingOf((await openPage(cookie, { ua: SAFARI })).body)).toMatchObject({
      target: 'player_hls',
      type: 'hls',
    });
  });

  it('spec 2 §4 access: none for a visitor, a customer without the right, a purchase’s confirmation nor a HEAD', async () => {
    const visitor = await openPage(null);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(openingOf(visitor.body)).toBeNull();
    expect(openingOf((await openPage(await signedIn('visiteur@playz.fr'))).body)).toBeNull();
    const cookie = await signedIn();
    const head = await openPage(cookie, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    // A purchase's confirmation page does not play.
    expect(openingOf((await openPage(cookie, { url: '/content/1001/purchased' })).body)).toBeNull();
    // The HEAD spent none of the three openings of the content in ten minutes (decision 044).
    for (let i = 0; i < 3; i++) expect(openingOf((await openPage(cookie)).body)).not.toBeNull();
  });

  it('decision 044 counts: pages spend the content’s openings, and the fourth page in ten minutes starts the usual way', async () => {
    const cookie = await signedIn();
    for (let i = 0; i < 3; i++) expect(openingOf((await openPage(cookie)).body)).not.toBeNull();
    const fourth = await openPage(cookie);
    expect(fourth.statusCode).toBe(200);
    expect(openingOf(fourth.body)).toBeNull();
    expect(fourth.headers['cache-control']).toBe('no-cache');
    // The endpoint counts the same openings.
    const asked = await t.app.inject({
      url: '/api/1.2/content/1001/url/opening?target=player_dash',
      headers: { cookie },
    });
    expect(asked.statusCode).toBe(429);
  });
});
