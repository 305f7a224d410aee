import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

const KID = 'abcdefabcdefabcdefabcdefabcdef01';
let t: TestApp;
let upstream: http.Server;
const received: { kid: string | undefined; body: string }[] = [];

beforeAll(async () => {
  // A commercial licence server stand-in: it answers the CDM's bytes with its own.
  upstream = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ kid: request.headers['x-playz-key-id'] as string | undefined, body });
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end('LICENCE-BYTES');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/widevine`;
  t = await createTestApp({ env: { DRM_WIDEVINE_LICENSE_URL: url } });
  const dir = path.join(t.config.dataDir, 'media/clips/city-cenc');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'manifest.mpd'), '<MPD>\n<Period id="0"></Period>\n</MPD>\n');
  fs.writeFileSync(
    path.join(dir, 'clip.json'),
    JSON.stringify({
      ...{ key: 'city-cenc', title: 'Ville', durationSec: 32, width: 1280, height: 720, renditions: [] },
      ...{ hlsPath: 'clips/city-cenc/master.m3u8', dashPath: 'clips/city-cenc/manifest.mpd', thumbnails: [] },
      previewPath: 'clips/city/preview.mp4',
      protection: { scheme: 'cenc', kid: KID },
    }),
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('licence proxy for Widevine (spec 2 §7 drm_provider; decision 024)', () => {
  it('drm_provider=widevine names the proxy; a token lets one request through to the licence server', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = (
      await t.app.inject({ url: '/api/1.2/content/1010/url/adaptive?drm_provider=widevine', headers: { cookie } })
    ).json().Response.AdaptiveStream;
    expect(stream.contentProtection).toMatchObject({ DrmType: 'Widevine', DrmLicenseUrl: '/drm/license/widevine' });
    const token = (
      await t.app.inject({
        method: 'POST',
        url: stream.contentProtection.DrmLicenseTokenUrl,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ contentAccessMode: 'View', contentSecurityId: KID }),
      })
    ).json().Response.Token as string;
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/drm/license/widevine?licenseToken=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: 'CDM-CHALLENGE',
      });
    const licence = await ask();
    expect(licence.statusCode).toBe(200);
    expect(licence.body).toBe('LICENCE-BYTES');
    expect(received).toEqual([{ kid: KID, body: 'CDM-CHALLENGE' }]);
    expect((await ask()).statusCode).toBe(403);
    expect(received).toHaveLength(1);
  });

  it('ClearKey stays the answer when a system is asked for that is not configured', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = (
      await t.app.inject({ url: '/api/1.2/content/1010/url/adaptive?drm_provider=fairplay', headers: { cookie } })
    ).json().Response.AdaptiveStream;
    expect(stream.contentProtection.DrmType).toBe('ClearKey');
    expect((await t.app.inject({ method: 'POST', url: '/drm/license/fairplay?licenseToken=x' })).statusCode).toBe(404);
  });
});
