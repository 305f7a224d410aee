import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';
import { holdableClock } from './support/held-clock';
import { writeOceanClip } from './support/ocean-clip';

// The parental code asked before playing content at or above the account's threshold (spec 1 §6
// "a parental code protects content", decision 059): -16 by default, settable; the proof a right
// code gives opens that content to that session; wrong codes are limited.

let t: TestApp;
let cookie: string;
/** The attempt limits count in windows of the clock: the tests that count up to one hold it still. */
const clock = holdableClock();
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' }, now: clock.now });
  // Films play from finished clips: ocean (1001), and the same files as aurora (1011) and city (1002).
  writeOceanClip(t.config.dataDir);
  const clips = path.join(t.config.dataDir, 'media/clips');
  for (const key of ['aurora', 'city']) {
    fs.cpSync(path.join(clips, 'ocean'), path.join(clips, key), { recursive: true });
    const json = fs.readFileSync(path.join(clips, key, 'clip.json'), 'utf8');
    fs.writeFileSync(path.join(clips, key, 'clip.json'), json.replaceAll('ocean', key));
  }
  cookie = await logInAs(t.app, 'abonne@playz.fr');
  const set = await t.app.inject(post('/customer/edit', { parentalCode: '2468' }, { cookie }));
  expect(errorNumber(set)).toBe(0);
});
afterAll(() => t.close());
afterEach(() => clock.release());

const stream = (id: number, proof?: string, as = cookie, path = 'url/adaptive') =>
  t.app.inject(
    get(`/content/${id}/${path}`, { cookie: as, query: { locale: 'en', ...(proof ? { parental_proof: proof } : {}) } }),
  );
const check = (code: string, contentId?: number, as = cookie) =>
  t.app.inject(
    post(
      '/customer/parental-code/check',
      { code, ...(contentId ? { content_id: String(contentId) } : {}) },
      { cookie: as },
    ),
  );
const proofFor = async (contentId: number, as = cookie) => {
  const res = await check('2468', contentId, as);
  expect(res.json().Response.Valid).toBe(true);
  return res.json().Response.ParentalProof.proof as string;
};
const setThreshold = (value: string, extra: Record<string, string> = {}) =>
  t.app.inject(post('/customer/edit', { parental_threshold: value, ...extra }, { cookie }));

describe('the parental code before content at or above the threshold (spec 1 §6, decision 059)', () => {
  it('spec 2 §7 /content/{id}/url/adaptive: -16 and -18 ask for the code by default, below them play', async () => {
    expect((await t.app.inject(get('/customer', { cookie }))).json().Response.Customer.parentalThreshold).toBe(16);
    for (const id of [1011, 21024, 5132]) {
      const res = await stream(id);
      expect(res.statusCode, String(id)).toBe(403);
      expect(res.json().Error, String(id)).toEqual({
        Number: 4,
        Message: 'Enter the parental code to watch this programme, not advised for younger viewers.',
        Reason: 'ParentalCodeRequired',
      });
    }
    for (const id of [1001, 1002]) expect(errorNumber(await stream(id)), String(id)).toBe(0);
    // The teaser stays a teaser for everyone.
    const preview = await t.app.inject(
      get('/content/1011/url/adaptive', { cookie, query: { product_usage: 'Preview' } }),
    );
    expect(preview.json().Response.AdaptiveStream.usage).toBe('Preview');
  });

  it('spec 2 §7 /customer/parental-code/check: a right code proves it for that content, from that session, on every stream call', async () => {
    expect((await check('0000', 1011)).json().Response).toEqual({ Valid: false });
    const proof = await proofFor(1011);
    expect((await stream(1011, proof)).json().Response.AdaptiveStream.usage).toBe('View');
    expect(errorNumber(await stream(1011, proof, cookie, 'url'))).toBe(0);
    expect(errorNumber(await stream(1011, proof, cookie, 'url/tv'))).toBe(0);
    // Not another content, not another session of the same account, not a forged one.
    expect((await stream(21024, proof)).json().Error.Reason).toBe('ParentalCodeRequired');
    const other = await logInAs(t.app, 'abonne@playz.fr');
    expect((await stream(1011, proof, other)).json().Error.Reason).toBe('ParentalCodeRequired');
    // Its signature changed by one character: never the same as the one given.
    const forged = proof.slice(0, -1) + (proof.endsWith('A') ? 'B' : 'A');
    expect((await stream(1011, forged)).json().Error.Reason).toBe('ParentalCodeRequired');
  });
});

describe('the account’s threshold (spec 1 §6, decision 059)', () => {
  it('spec 1 §7 /customer/edit parental_threshold: lowering it is free, raising it asks for the code, off the scale is 3', async () => {
    expect(errorNumber(await setThreshold('14'))).toBe(3);
    expect(errorNumber(await setThreshold('12'))).toBe(0);
    expect((await stream(1002)).json().Error.Reason).toBe('ParentalCodeRequired');
    expect(errorNumber(await stream(1001))).toBe(0);
    expect(errorNumber(await setThreshold('18'))).toBe(4);
    expect(errorNumber(await setThreshold('18', { currentParentalCode: '0000' }))).toBe(4);
    const raised = await setThreshold('18', { currentParentalCode: '2468' });
    expect(raised.json().Response.Customer.parentalThreshold).toBe(18);
    expect(errorNumber(await stream(1011))).toBe(0);
    expect((await stream(21024)).json().Error.Reason).toBe('ParentalCodeRequired');
  });

  it('asks nothing of an account without a parental code', async () => {
    const visitorAccount = await logInAs(t.app, 'demo@playz.fr');
    expect(errorNumber(await stream(21024, undefined, visitorAccount))).toBe(0);
  });
});

// Last: the lockout holds for the whole account.
describe('wrong parental codes (spec 1 §6, decision 009)', () => {
  it('limits wrong codes: past five, even the right code is refused for a while (HTTP 429)', async () => {
    const other = await logInAs(t.app, 'abonne@playz.fr');
    clock.hold();
    for (let i = 0; i < 5; i += 1) expect((await check('1111', 1011, other)).json().Response.Valid).toBe(false);
    const locked = await check('2468', 1011, other);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().Error.Number).toBe(4);
    expect((await stream(21024, undefined, other)).json().Error.Reason).toBe('ParentalCodeRequired');
  });
});
