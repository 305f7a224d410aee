import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTvApp } from './tv-app.routes';

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-tv-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Playz TV</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

async function tvServer(tvDistDir: string) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: tvDistDir, serve: false });
  registerTvApp(app, { tvDistDir });
  return app;
}

describe('the TV app at /tv (decision 035)', () => {
  it('answers the app for /tv and every page under it (SPA fallback), never cached', async () => {
    const app = await tvServer(dist);
    for (const url of ['/tv', '/tv/', '/tv/channel/3/player', '/tv/series/12?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Playz TV');
    }
  });

  it('serves the hashed assets for a year, and 404 for a missing file or a path leaving the build', async () => {
    const app = await tvServer(dist);
    const asset = await app.inject('/tv/assets/index-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/tv/assets/gone.js')).statusCode).toBe(404);
    expect((await app.inject('/tv/%2e%2e/%2e%2e/etc/passwd.txt')).statusCode).toBe(404);
    // A malformed escape is refused by Fastify's router itself (400), never a 5xx.
    expect((await app.inject('/tv/%E0%A4%A.js')).statusCode).toBe(400);
  });

  it('says the TV app is not built rather than failing', async () => {
    const app = await tvServer(path.join(dist, 'nowhere'));
    const res = await app.inject('/tv/');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('npm run build:tv');
  });
});
