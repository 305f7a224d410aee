import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

const KID = '0123456789abcdef0123456789abcdef';
const KEY = '00112233445566778899aabbccddeeff';
const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The encrypted copy of the city clip as the pipeline leaves it, and its key beside the data.
  const dir = path.join(t.config.dataDir, 'media/clips/city-cenc');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'manifest.mpd'), '<MPD>\n<Period id="0"></Period>\n</MPD>\n');
  fs.writeFileSync(
    path.join(dir, 'clip.json'),
    JSON.stringify({
      ...{ key: 'city-cenc', title: 'Ville', durationSec: 32, width: 1280, height: 720 },
      renditions: [{ height: 270, width: 480, bandwidth: 400000 }],
      ...{ hlsPath: 'clips/city-cenc/master.m3u8', dashPath: 'clips/city-cenc/manifest.mpd', thumbnails: [] },
      ...{ posterPath: 'clips/city/poster.jpg', portraitPath: 'clips/city/portrait.jpg' },
      ...{ previewPath: 'clips/city/preview.mp4', posterFramePath: 'clips/city/poster-frame.jpg' },
      protection: { scheme: 'cenc', kid: KID },
    }),
  );
  fs.mkdirSync(path.join(t.config.dataDir, 'drm'), { recursive: true });
  fs.writeFileSync(
    path.join(t.config.dataDir, 'drm/keys.json'),
    JSON.stringify({ 'city-cenc': { kid: KID, key: KEY } }),
  );
});
afterAll(() => t.close());

const streamFor = async (cookie: string) =>
  (await t.app.inject({ url: '/api/1.2/content/1010/url/adaptive?target=player_hls', headers: { cookie } })).json()
    .Response.AdaptiveStream;
const askToken = (url: string, body: object) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const licence = (token: string, kids = [b64url(KID)]) =>
  t.app.inject({
    method: 'POST',
    url: `/drm/license?licenseToken=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: JSON.stringify({ kids, type: 'temporary' }),
  });
const step = { contentAccessMode: 'View', contentSecurityId: KID, usageContext: 'player_dash' };

describe('DRM (spec 2 §3 content protection, §7 DRM licence step; ClearKey, decision 024)', () => {
  it('an encrypted content has no opening (decision 044): its keys are for a View stream only', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const opening = await t.app.inject({ url: '/api/1.2/content/1010/url/opening', headers: { cookie } });
    expect(opening.statusCode).toBe(403);
    expect(opening.json().Error.Number).toBe(4);
  });

  it('an entitled stream names its protection; the token step then the licence give the key, once', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const stream = await streamFor(cookie);
    // An encrypted clip plays as DASH whatever the target: its protection is in the MPD.
    expect(stream.type).toBe('dash');
    expect(stream.contentProtection).toMatchObject({
      DrmType: 'ClearKey',
      DrmLicenseUrl: '/drm/license',
      ContentAccessMode: 'View',
      ContentSecurityID: KID,
    });
    const answer = await askToken(stream.contentProtection.DrmLicenseTokenUrl, step);
    const token = answer.json().Response.Token as string;
    const first = await licence(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ keys: [{ kty: 'oct', kid: b64url(KID), k: b64url(KEY) }], type: 'temporary' });
    // Single use.
    expect((await licence(token)).statusCode).toBe(403);
  });

  it('no token for another key id, a forged grant, or after log-out', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const { contentProtection } = await streamFor(cookie);
    const wrongKid = await askToken(contentProtection.DrmLicenseTokenUrl, {
      ...step,
      contentSecurityId: 'f'.repeat(32),
    });
    expect(wrongKid.json().Error.Number).toBe(4);
    const forged = await askToken('/api/1.2/drm/token?grant=forged.grant', step);
    expect(forged.json().Error.Number).toBe(4);
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    const afterLogout = await askToken(contentProtection.DrmLicenseTokenUrl, step);
    expect(afterLogout.json().Error.Number).toBe(4);
  });

  it('no licence without a genuine token, nor for a key the token does not name', async () => {
    expect((await licence('')).statusCode).toBe(403);
    expect((await licence('bm90LmEudG9rZW4.c2ln')).statusCode).toBe(403);
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const { contentProtection } = await streamFor(cookie);
    const token = (await askToken(contentProtection.DrmLicenseTokenUrl, step)).json().Response.Token as string;
    expect((await licence(token, [b64url('f'.repeat(32))])).statusCode).toBe(403);
  });

  it('a visitor gets the preview teaser, never a protected stream', async () => {
    const res = await t.app.inject({ url: '/api/1.2/content/1010/url/adaptive?product_usage=Preview' });
    expect(res.json().Response.AdaptiveStream).toMatchObject({ usage: 'Preview', contentProtection: null });
  });
});

describe('the licence server reads what CDMs send (W3C EME ClearKey)', () => {
  it('a licence request without a content type is read, not refused as an unknown media type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/drm/license?licenseToken=x', payload: '{"kids":[]}' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'licence refused' });
  });
});
