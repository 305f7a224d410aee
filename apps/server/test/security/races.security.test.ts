import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorNumber, get, post, registerAccount } from '../accounts-test-support';
import { writeFmp4Clip } from '../support/fmp4-clip';
import { createTestApp, type TestApp } from '../test-app';
import { logIn, report } from './security-support';

/**
 * Two requests at once where one of them must lose (second outsider review). Each scarce thing is
 * asked by many callers in the same instant: the account's device places (View streams and
 * downloads, spec 1 §6, decision 049), the one sign-in an operator payment gives its browser
 * (decision 052), a TV's log-in code (approval and the TV's poll, decision 011) and the second
 * account approving the same code. Pass rule: never more winners than there are places, sign-ins
 * or codes; the losers get their catalogue refusal, never a 5xx.
 */
const PLACES = 2;
const CALLERS = 6;
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 29, 22, 0, 4);
const figures = { requests: 0, winners: 0, fiveHundreds: 0 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    listen: true,
    env: { MAX_SIMULTANEOUS_DEVICES: String(PLACES) },
  });
  writeFmp4Clip(t.config.dataDir, 'ocean', [
    { width: 480, height: 270, bandwidth: 531232, codecs: 'avc1.4d4015,mp4a.40.2' },
  ]);
});
afterAll(async () => {
  report('races', figures);
  await t.close();
});

/** Runs every call at the same moment; counts the answers. */
async function atOnce<T extends { statusCode: number }>(calls: (() => Promise<T>)[]): Promise<T[]> {
  const answers = await Promise.all(calls.map((call) => call()));
  figures.requests += answers.length;
  figures.fiveHundreds += answers.filter((a) => a.statusCode >= 500).length;
  for (const a of answers) expect(a.statusCode).toBeLessThan(500);
  return answers;
}
/** The subscriber's devices, each signed in from its own address a minute apart (the log-in guard's rules). */
async function devices(): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < CALLERS; i += 1) {
    clock += MINUTE;
    cookies.push(await logIn(t.app, 'abonne@playz.fr', 'playz2026', `203.0.113.${(device += 1)}`));
  }
  // Every place of the last case has run out (a silent device's lease lasts 3 minutes).
  clock += 10 * MINUTE;
  return cookies;
}
let device = 0;
const numberOf = (res: { body: string }) => (JSON.parse(res.body) as { Error: { Number: number } }).Error.Number;

describe('device places asked at the same moment', () => {
  it(`${CALLERS} devices ask a View stream at once: ${PLACES} get one`, async () => {
    const answers = await atOnce(
      (await devices()).map(
        (cookie) => () =>
          t.app.inject({
            url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash',
            headers: { cookie },
          }),
      ),
    );
    const granted = answers.filter((a) => numberOf(a) === 0).length;
    figures.winners += granted;
    expect(granted).toBe(PLACES);
    for (const a of answers.filter((x) => numberOf(x) !== 0)) expect(a.json().Error.Reason).toBe('DevicesLimitReached');
  });

  it(`${CALLERS} devices ask a download at once: ${PLACES} get one`, async () => {
    const answers = await atOnce(
      (await devices()).map(
        (cookie) => () => t.app.inject({ url: '/api/1.2/content/1001/download', headers: { cookie } }),
      ),
    );
    const granted = answers.filter((a) => numberOf(a) === 0).length;
    figures.winners += granted;
    expect(granted).toBe(PLACES);
  });
});

describe('one-time things claimed twice at once', () => {
  it('an operator payment signs its browser in once, whatever number of confirms arrive together', async () => {
    const start = await t.app.inject(
      get('/billing/direct-pass/url', {
        query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn: '0612999001' },
      }),
    );
    expect(errorNumber(start), start.body).toBe(0);
    const { Url, BillingID } = start.json().Response as { Url: string; BillingID: string };
    const held = start.cookies.find((c) => c.name === 'playz_billing')!.value;
    const paid = await fetch(Url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const answers = await atOnce(
      Array.from(
        { length: CALLERS },
        () => () =>
          t.app.inject(
            post('/billing/direct-pass/confirm', { billing_id: BillingID }, { cookie: `playz_billing=${held}` }),
          ),
      ),
    );
    const sessions = answers.filter((a) => a.cookies.some((c) => c.name === 'playz_sid' && c.value !== '')).length;
    figures.winners += sessions;
    expect(answers.every((a) => numberOf(a) === 0)).toBe(true);
    expect(sessions).toBe(1);
  });

  it("a TV's code approved and polled at once logs in one TV, for the first account only", async () => {
    const udid = 'race-tv-0001';
    const tv = { 'x-playz-udid': udid };
    const link = await t.app.inject({
      url: `/api/1.2/customer/account/link?action=login&platform=Tizen&udid=${udid}`,
      headers: tv,
    });
    expect(numberOf(link), link.body).toBe(0);
    const code = link.json().Response.Link.code as string;
    const phones = await Promise.all([registerAccount(t.app), registerAccount(t.app)]);
    const approvals = await atOnce(
      phones.map((p) => () => t.app.inject(post('/customer/account/link/approve', { code }, { cookie: p.cookie }))),
    );
    expect(approvals.map(numberOf).sort()).toEqual([0, 7]);
    const polls = await atOnce(
      Array.from(
        { length: CALLERS },
        () => () =>
          t.app.inject({ url: `/api/1.2/customer/account/link/status?code=${code}&udid=${udid}`, headers: tv }),
      ),
    );
    const tokens = polls.filter((p) => typeof p.headers['x-playz-token'] === 'string').length;
    figures.winners += tokens;
    expect(tokens).toBe(1);
  });
});
