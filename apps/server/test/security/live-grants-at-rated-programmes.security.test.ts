import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MS } from '@playz/media/live';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { errorNumber, get, kidsProfileDevice, openDatabase, post } from '../accounts-test-support';
import { writeFixtureClips } from '../support/live-media';
import { report } from './security-support';

/**
 * A running live grant reaching a rated programme (spec 1 §6, decisions 064 and 082). The players
 * ask the channel's stream again at each programme's start, where the server judges the new
 * programme; a player that does not (a copied URL, a modified client) kept the grant it had, and
 * the media server went on serving the manifests and segments of a -16 programme to a kids
 * profile, or to an adult without the parental code, under a grant issued for the suitable
 * programme before it. Pass rule: under such a grant, the manifest whose live edge is in that
 * programme and every segment of it are refused with the stream call's own error (4, its Reason);
 * the programmes around it still play; a grant made with the programme's parental proof plays it.
 *
 * Channel 13's guide, in 32-second blocks from T0: A (tous publics, clips/ocean) until T0 + 2
 * blocks, B (Cold case, -16, clips/city) for 2 blocks, then C (tous publics, clips/aurora).
 */
const T0 = Math.floor(Date.parse('2026-11-22T20:10:00Z') / BLOCK_MS) * BLOCK_MS;
const A = 5040;
const B = 5132;
const C = 1001;
let now = T0;
let t: TestApp;
let adult: string;
let kids: string;
let requests = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(now), env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  writeFixtureClips(t.config.dataDir);
  adult = await logInAs(t.app, 'abonne@playz.fr');
  expect(errorNumber(await t.app.inject(post('/customer/edit', { parentalCode: '2468' }, { cookie: adult })))).toBe(0);
  kids = await kidsProfileDevice(t.app, adult, 'abonne@playz.fr');
  const database = openDatabase(t.config);
  try {
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    for (const [id, clip] of [
      [A, 'ocean'],
      [B, 'city'],
      [C, 'aurora'],
    ] as const) {
      await database.db.updateTable('contents').set({ clip_key: clip, duration: 7200 }).where('id', '=', id).execute();
    }
    const ratings = await database.db
      .selectFrom('contents')
      .select(['id', 'rating'])
      .where('id', 'in', [A, B, C])
      .execute();
    expect(Object.fromEntries(ratings.map((r) => [r.id, r.rating]))).toEqual({ [A]: 0, [B]: 16, [C]: 0 });
    await database.db.deleteFrom('schedules').where('channel_id', '=', 13).execute();
    await database.db
      .insertInto('schedules')
      .values([
        { id: 991001, channel_id: 13, content_id: A, date_scheduled: at(-600_000), duration: 600 + 2 * 32 },
        { id: 991002, channel_id: 13, content_id: B, date_scheduled: at(2 * BLOCK_MS), duration: 2 * 32 },
        { id: 991003, channel_id: 13, content_id: C, date_scheduled: at(4 * BLOCK_MS), duration: 3600 },
      ])
      .execute();
  } finally {
    await database.close();
  }
});
afterAll(() => {
  report('live grants at rated programmes', { requests });
  return t.close();
});

const fetch = (url: string) => {
  requests++;
  return t.app.inject({ method: 'GET', url });
};
/** The channel's HLS live stream for this session, as the player gets it (its media playlist). */
async function liveStream(cookie: string, query: Record<string, string> = {}) {
  const res = await t.app.inject(
    get('/channel/13/url/adaptive', { cookie, query: { target: 'player_hls', ...query } }),
  );
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  return (res.json().Response.AdaptiveStream.url as string).replace('master.m3u8', 'media_0.m3u8');
}
/** The stream call's own answer for the channel now, which the media server must match. */
const streamCallError = async (cookie: string) =>
  (await t.app.inject(get('/channel/13/url/adaptive', { cookie, query: { target: 'player_hls' } }))).json().Error;
/** A clip's segment URLs in a playlist, resolved against the playlist's URL (relative since decision 096). */
const segmentsOf = (body: string, clip: string, playlist: string) =>
  body
    .split('\n')
    .filter((line) => line.includes(`clips/${clip}/`) && line.endsWith('.m4s'))
    .map((line) => new URL(line, `http://playz${playlist}`).pathname);

describe('spec 1 §6 a running live grant does not open a later rated programme (decision 082)', () => {
  it('spec 1 §6 kids profile: at the -16 programme’s start the manifest is refused, and its segments after it, with NotForKidsProfile', async () => {
    now = T0;
    const playlist = await liveStream(kids);
    const before = await fetch(playlist);
    expect(before.statusCode).toBe(200);
    expect(segmentsOf(before.body, 'ocean', playlist).length).toBeGreaterThan(0);

    // B on air: the grant made during A must not list it.
    now = T0 + 2 * BLOCK_MS + 20_000;
    const expected = await streamCallError(kids);
    expect(expected).toMatchObject({ Number: 4, Reason: 'NotForKidsProfile' });
    const during = await fetch(playlist);
    expect(during.statusCode).toBe(403);
    expect(during.json().Error).toEqual(expected);

    // C on air: the window still reaches back into B; C's segments play, B's are refused.
    now = T0 + 4 * BLOCK_MS + 20_000;
    const after = await fetch(playlist);
    expect(after.statusCode).toBe(200);
    const rated = segmentsOf(after.body, 'city', playlist);
    expect(rated.length).toBeGreaterThan(0);
    for (const segment of rated.slice(-3)) {
      const res = await fetch(segment);
      expect(res.statusCode, segment).toBe(403);
      expect(res.json().Error).toEqual(expected);
    }
    const suitable = segmentsOf(after.body, 'aurora', playlist);
    expect(suitable.length).toBeGreaterThan(0);
    expect((await fetch(suitable[0]!)).statusCode).toBe(200);
    // nginx, which serves segments itself in production, asks the same check first (decisions 038, 096).
    const nginx = (uri: string) =>
      t.app.inject({ method: 'GET', url: '/internal/live-grant', headers: { 'x-original-uri': uri } });
    expect((await nginx(rated.at(-1)!)).statusCode).toBe(403);
    expect((await nginx(suitable[0]!)).statusCode).toBe(200);
  });

  it('spec 1 §6 adult profile with a parental code: the -16 programme needs its proof, as the stream call does', async () => {
    now = T0;
    const playlist = await liveStream(adult);
    expect((await fetch(playlist)).statusCode).toBe(200);

    now = T0 + 2 * BLOCK_MS + 20_000;
    const expected = await streamCallError(adult);
    expect(expected).toMatchObject({ Number: 4, Reason: 'ParentalCodeRequired' });
    const during = await fetch(playlist);
    expect(during.statusCode).toBe(403);
    expect(during.json().Error).toEqual(expected);

    now = T0 + 4 * BLOCK_MS + 20_000;
    const after = await fetch(playlist);
    expect(after.statusCode).toBe(200);
    const rated = segmentsOf(after.body, 'city', playlist);
    expect(rated.length).toBeGreaterThan(0);
    const refused = await fetch(rated.at(-1)!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error).toEqual(expected);
  });

  it('spec 1 §6 adult profile: a grant made with the programme’s proof plays it, manifest and segments', async () => {
    now = T0 + 2 * BLOCK_MS + 20_000;
    const check = await t.app.inject(
      post('/customer/parental-code/check', { code: '2468', content_id: String(B) }, { cookie: adult }),
    );
    const proof = check.json().Response.ParentalProof.proof as string;
    const playlist = await liveStream(adult, { parental_proof: proof });
    const during = await fetch(playlist);
    expect(during.statusCode).toBe(200);
    const rated = segmentsOf(during.body, 'city', playlist);
    expect(rated.length).toBeGreaterThan(0);
    expect((await fetch(rated.at(-1)!)).statusCode).toBe(200);
  });
});
