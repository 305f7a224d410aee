import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveGrant } from '../../src/streaming/stream-signing';
import { logInAs, type TestApp } from '../test-app';
import { errorNumber, post } from '../accounts-test-support';
import { createLiveTestApp, liveGrantCheck, livePlaylistOf } from '../support/live-app';
import { report } from './security-support';

/**
 * nginx's one copy of a channel's live playlist (spec 2 §7 channel streams, decision 125). nginx
 * keeps a channel's HLS media playlist a second for every viewer of its live edge, under the key
 * the app names in its answer to nginx's grant check (`/internal/live-grant`, kept a second per
 * grant). Pass rule: the check is the route's own — a forged, damaged or expired grant and a
 * stopped device are refused, and a refusal is kept no longer than a second; the app names a
 * shared copy only for a verified live-edge grant without a rating guard, and only its own
 * channel's — never for a start-over, a replay or a guarded viewer, whose bytes may differ.
 */
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
let t: TestApp;
let requests = 0;

beforeAll(async () => {
  t = await createLiveTestApp({ now: () => new Date(START), env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
});
afterAll(() => {
  report('live playlist shared copy', { requests });
  return t.close();
});

/** nginx's question before it serves a live playlist (deploy/nginx/playz.conf). */
const nginx = (uri: string) => {
  requests++;
  return liveGrantCheck(t, uri);
};
const playlistOf = (cookie: string, channel: number) => livePlaylistOf(t, cookie, channel);
const tokenOf = (url: string) => url.split('/')[2]!;
/** The same playlist under a grant re-signed with other fields (what a forger cannot do, to test the app's rule). */
function resigned(url: string, change: Partial<LiveGrant>): string {
  const grant = t.app.signer.verify(tokenOf(url), Math.floor(START / 1000)) as LiveGrant;
  return url.replace(tokenOf(url), t.app.signer.sign({ ...grant, ...change }));
}

describe('spec 2 §7 one copy of a live playlist in nginx (decision 125)', () => {
  it('spec 2 §7 a checked live-edge grant names its own channel’s copy; the answer is kept a second', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    for (const channel of [1, 2]) {
      const res = await nginx(await playlistOf(cookie, channel));
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-playz-shared']).toBe(`${channel}/live`);
      expect(res.headers['x-accel-expires']).toBe('1');
    }
  });

  it('spec 2 §7 a damaged, forged or expired grant is refused and names no copy', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await playlistOf(cookie, 1);
    const token = tokenOf(url);
    const [payload, signature] = token.split('.') as [string, string];
    const damaged = url.replace(token, `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    const forged = url.replace(token, `${payload}.${'A'.repeat(signature.length)}`);
    const expired = resigned(url, { expiresAt: Math.floor(START / 1000) - 1 });
    for (const uri of [damaged, forged, expired]) {
      const res = await nginx(uri);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-playz-shared']).toBeUndefined();
    }
  });

  it('spec 2 §7 a device that said it stopped is refused its playlist, kept no longer than a second', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await playlistOf(cookie, 1);
    expect((await nginx(url)).statusCode).toBe(200);
    const stop = await t.app.inject(post('/customer/playback/stop', {}, { cookie }));
    expect(errorNumber(stop)).toBe(0);
    const res = await nginx(url);
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-accel-expires']).toBe('1');
    expect(res.headers['x-playz-shared']).toBeUndefined();
  });

  it('spec 2 §7 a guarded viewer, a start-over and a replay get no shared copy: their bytes may differ', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await playlistOf(cookie, 1);
    const guarded = resigned(url, { guard: [1, null] });
    const startover = resigned(url, { window: 'startover', fromMs: START - 600_000, toMs: START + 600_000 });
    const replay = resigned(url, { window: 'replay', fromMs: START - 3_600_000, toMs: START - 600_000 });
    for (const uri of [guarded, startover, replay]) {
      const res = await nginx(uri);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-playz-shared']).toBeUndefined();
    }
  });
});
