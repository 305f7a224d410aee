import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';
import { airRatedAndAllAges, writeFixtureClips } from './support/live-media';

// Zapping into a rated programme (spec 1 §6 "a parental code protects content", decisions 059 and
// 064): a channel whose programme on air is at or above the account's threshold asks for the
// parental code, proven for that programme, as a content does.

const NOW = new Date('2026-11-22T20:10:00Z');
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  writeFixtureClips(t.config.dataDir);
  cookie = await logInAs(t.app, 'abonne@playz.fr');
  expect(errorNumber(await t.app.inject(post('/customer/edit', { parentalCode: '2468' }, { cookie })))).toBe(0);
  // On air now: Polar's Cold case (5132, -16) on channel 13, a tous publics programme (5040) on 4.
  await airRatedAndAllAges(t.config, NOW.getTime(), 990101);
});
afterAll(() => t.close());

const zap = (id: number, query: Record<string, string> = {}, as = cookie) =>
  t.app.inject(get(`/channel/${id}/url/adaptive`, { cookie: as, query: { locale: 'en', ...query } }));
const proofFor = async (contentId: number) => {
  const res = await t.app.inject(
    post('/customer/parental-code/check', { code: '2468', content_id: String(contentId) }, { cookie }),
  );
  expect(res.json().Response.Valid).toBe(true);
  return res.json().Response.ParentalProof.proof as string;
};

describe('spec 1 §6 parental code when zapping into a rated programme (decision 064)', () => {
  it('spec 2 §7 /channel/{id}/url/adaptive: a -16 programme on air asks for the code; a tous publics one does not', async () => {
    const res = await zap(13);
    expect(res.statusCode).toBe(403);
    expect(res.json().Error).toEqual({
      Number: 4,
      Message: 'Enter the parental code to watch this programme, not advised for younger viewers.',
      Reason: 'ParentalCodeRequired',
    });
    expect((await zap(4)).json().Response.AdaptiveStream.usage).toBe('View');
    // /channel/{id}/url asks the same.
    const urls = await t.app.inject(get('/channel/13/url', { cookie }));
    expect(urls.json().Error.Reason).toBe('ParentalCodeRequired');
  });

  it('spec 2 §7 /channel/{id}/url/adaptive: the proof for the programme on air plays the channel; another content’s does not', async () => {
    expect((await zap(13, { parental_proof: await proofFor(1011) })).json().Error.Reason).toBe('ParentalCodeRequired');
    const proof = await proofFor(5132);
    expect((await zap(13, { parental_proof: proof })).json().Response.AdaptiveStream.usage).toBe('View');
    // From that session only.
    const other = await logInAs(t.app, 'abonne@playz.fr');
    expect((await zap(13, { parental_proof: proof }, other)).json().Error.Reason).toBe('ParentalCodeRequired');
  });

  it('asks nothing of an account without a parental code', async () => {
    const demo = await logInAs(t.app, 'demo@playz.fr');
    expect(errorNumber(await zap(13, {}, demo))).toBe(0);
  });
});
