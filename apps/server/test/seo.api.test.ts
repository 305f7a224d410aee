import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Tests skip media generation, so the demo has no posters: give the film the one it would have.
  const database = connectDatabase(t.config);
  await database.db.updateTable('contents').set({ poster: 'clips/ocean/poster.jpg' }).where('id', '=', 1001).execute();
  await database.close();
});
afterAll(() => t.close());

const fetchPage = (url: string) => t.app.inject({ url, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, ':')}" content="([^"]*)"`).exec(html)?.[1];

describe('pages a search engine and a social network can read (spec 2 §2 generated routes, §9, decision 014)', () => {
  it('answers a content .html route with its title, description, canonical URL and Open Graph tags', async () => {
    const res = await fetchPage('/content/1001/l-ete-indien.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>L&#39;Été indien | Playz</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/content/1001/l-ete-indien.html" />');
    expect(meta(html, 'og:title')).toBe('L&#39;Été indien');
    expect(meta(html, 'og:type')).toBe('video.movie');
    expect(meta(html, 'og:url')).toBe('http://localhost:3000/content/1001/l-ete-indien.html');
    expect(meta(html, 'description')).toMatch(/^Un dernier été sur la côte basque/);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The app shell is still there for browsers.
    expect(html).toContain('<div id="root">');
  });

  it('gives an image whose height is 9/16 of its width', async () => {
    const html = (await fetchPage('/content/1001/l-ete-indien')).body;
    const width = Number(meta(html, 'og:image:width'));
    const height = Number(meta(html, 'og:image:height'));
    expect(width).toBeGreaterThan(0);
    expect(height).toBe((width * 9) / 16);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/media\/[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:image" content="http:\/\/localhost:3000\/media\/[^"]+"/);
  });

  it('falls back to a summary card without an image when the item has no picture', async () => {
    const html = (await fetchPage('/content/1002/nuit-blanche-a-lyon.html')).body;
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('redirects a wrong slug to the canonical one with a 301, in the same form', async () => {
    const html = await fetchPage('/content/1001/old-name.html');
    expect(html.statusCode).toBe(301);
    expect(html.headers.location).toBe('/content/1001/l-ete-indien.html');
    const spa = await fetchPage('/content/1001/old-name?cuid=abc');
    expect(spa.statusCode).toBe(301);
    expect(spa.headers.location).toBe('/content/1001/l-ete-indien?cuid=abc');
  });

  it('leaves a purchase confirmation (/content/1001/purchased) to the app: no redirect, the default title', async () => {
    for (const path of ['/content/1001/purchased', '/content-list/2101/purchased', '/live-event/2/purchased']) {
      const page = await fetchPage(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body).toContain('<title>Playz</title>');
    }
  });

  it('spec 2 §7 Other catalogue (decision 060): answers a category, a collection and a character with their name', async () => {
    const category = await fetchPage('/category/2');
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain('<title>Documentaire | Playz</title>');
    expect(category.body).toContain('<link rel="canonical" href="http://localhost:3000/category/2" />');
    expect(meta((await fetchPage('/content-collection/1')).body, 'og:title')).toBe('À la une');
    const character = (await fetchPage('/character/1')).body;
    expect(meta(character, 'og:title')).toBe('Lina Roux');
    expect(meta(character, 'description')).toBe('Commissaire de la brigade, née sur le Vieux-Port.');
    for (const path of ['/category/999', '/content-collection/999', '/character/999']) {
      const missing = await fetchPage(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.body, path).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers series, seasons, episodes and channels', async () => {
    const series = await fetchPage('/series/2001/brigade-du-port.html');
    expect(meta(series.body, 'og:type')).toBe('video.tv_show');
    const season = await fetchPage('/series/2001/brigade-du-port/season/2101/brigade-du-port-saison-1.html');
    expect(season.statusCode).toBe(200);
    expect(meta(season.body, 'og:title')).toBe('Brigade du Port, saison 1');
    const episode = await fetchPage(
      '/series/2001/brigade-du-port/season/2101/brigade-du-port-saison-1/episode/21011/le-conteneur.html',
    );
    expect(meta(episode.body, 'og:type')).toBe('video.episode');
    const channel = await fetchPage('/channel/8/jazz-co.html');
    expect(meta(channel.body, 'og:title')).toBe('Jazz &amp; Co');
  });

  it('answers 404 with the app (it shows not-found) for unknown ids', async () => {
    for (const url of [
      '/content/99999/anything.html',
      '/content/99999/anything',
      '/series/2101/not-a-series.html',
      '/series/2001/brigade-du-port/season/2201/grand-nord-saison-1.html',
    ]) {
      const res = await fetchPage(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('noindex');
    }
  });

  it('lets the app pick the first channel for an unknown channel id (spec 2 §2)', async () => {
    const res = await fetchPage('/channel/999/x');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('og:title');
  });

  it('escapes HTML in names and descriptions', async () => {
    const html = (await fetchPage('/content/1001/l-ete-indien.html')).body;
    expect(html).not.toMatch(/content="[^"]*'[^"]*"/);
  });

  it('lists films, series, seasons, episodes and channels in sitemap.xml, announced by robots.txt', async () => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain('<loc>http://localhost:3000/content/1001/l-ete-indien.html</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/content/1003/les-aurores.html</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/series/2001/brigade-du-port.html</loc>');
    expect(sitemap.body).toContain(
      '<loc>http://localhost:3000/series/2001/brigade-du-port/season/2101/brigade-du-port-saison-1/episode/21011/le-conteneur.html</loc>',
    );
    expect(sitemap.body).toContain('<loc>http://localhost:3000/channel/8/jazz-co.html</loc>');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('spec 2 §7 Other catalogue: sitemap.xml lists the catalogue pages and each category, collection and character (decision 060)', async () => {
    const body = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const locs = [...body.matchAll(/<loc>http:\/\/localhost:3000(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/categories', '/characters', '/games', '/comedy']) expect(locs).toContain(page);
    // Every category and collection of the demo, each once, at the web's own route (no slug).
    expect(locs.filter((l) => l!.startsWith('/category/'))).toEqual([
      '/category/1',
      '/category/2',
      '/category/3',
      '/category/4',
      '/category/5',
    ]);
    expect(locs).toContain('/content-collection/1');
    expect(locs).toContain('/content-collection/2');
    const characters = locs.filter((l) => l!.startsWith('/character/'));
    expect(characters.length).toBeGreaterThan(0);
    expect(characters.every((l) => /^\/character\/\d+$/.test(l!))).toBe(true);
    // Each listed item page answers with its own name in its head (decision 060), none is a 404.
    for (const path of ['/category/1', '/content-collection/2', characters[0]!]) {
      const page = await fetchPage(path);
      expect([path, page.statusCode]).toEqual([path, 200]);
    }
  });

  it('still answers unknown API paths with error 6', async () => {
    const res = await t.app.inject({ url: '/api/1.2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().Error.Number).toBe(6);
  });
});
