import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/sessions/session.repository';
import { post } from '../accounts-test-support';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Cast grants (decision 070). Attack: a Cast receiver runs on another device and origin and must
 * save the resume point, so something it holds is worth an account write. Pass rule: the grant
 * is minted only for a signed-in viewer and one content; it saves that content's resume point
 * for that account and nothing else; a forged, altered or expired grant, one whose session ended,
 * and the viewer's session cookie itself are refused (4); the report answers CORS to any origin
 * without credentials (its preflight too), and the rest of the API still grants no origin anything.
 */
const RECEIVER = 'https://receiver.example';
const HOUR = 3600_000;
let clock = Date.UTC(2026, 10, 29, 20, 0);
let t: TestApp;
let calls = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  report('cast grants', { calls });
  await t?.close();
});

const mint = async (contentId: string, cookie?: string) => {
  calls += 1;
  return (await t.app.inject(post('/customer/cast/token', { content_id: contentId }, cookie ? { cookie } : {}))).json();
};
/** The receiver's report, as a page of another origin sends it. */
const reportTime = async (time: string, headers: Record<string, string>) => {
  calls += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/1.2/cast/playback/status',
    headers: { origin: RECEIVER, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ playback_time: time }),
  });
};
const progressOf = async (contentId: number, cookie: string) =>
  (await t.app.inject({ url: `/api/1.2/content/${contentId}`, headers: { cookie } })).json().Response.Content
    .playbackTime as number | null;

describe('Cast grants for the receiver’s resume reports (decision 070)', () => {
  it('spec 2 §4 resume: a grant saves its one content’s resume point for the account, from another origin', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const minted = await mint('1005', cookie);
    expect(minted.Error.Number).toBe(0);
    const { token, expiresAt, statusUrl } = minted.Response.CastToken;
    expect(statusUrl).toBe(`${t.config.publicUrl}/api/1.2/cast/playback/status`);
    expect(Date.parse(expiresAt) - clock).toBe(4 * HOUR);
    // Sealed: the receiver does not read the session it is bound to.
    const sessionId = hashToken(cookie.split('=')[1]!);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(sessionId);
    expect(token).not.toContain(Buffer.from(sessionId).toString('base64url').slice(0, 16));

    const saved = await reportTime('21.5', { authorization: `Bearer ${token}` });
    expect(saved.json()).toEqual({ Response: { Success: true }, Error: { Number: 0, Message: 'ok' } });
    expect(saved.headers['access-control-allow-origin']).toBe('*');
    expect(saved.headers['access-control-allow-credentials']).toBeUndefined();
    expect(await progressOf(1005, cookie)).toBe(21.5);
    // Only that content: the grant names no other.
    expect(await progressOf(1004, cookie)).not.toBe(21.5);
  });

  it('refuses (4) no grant, the session cookie alone, a forged or altered grant, and says so readably to the receiver', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const { token } = (await mint('1005', cookie)).Response.CastToken;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const headers of [
      {} as Record<string, string>,
      { cookie },
      { authorization: `Bearer ${cookie.split('=')[1]}` },
      { authorization: 'Bearer bm90LWEtZ3JhbnQ' },
      { authorization: `Bearer ${altered}` },
    ]) {
      const refused = await reportTime('99', headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().Error.Number).toBe(4);
      expect(refused.headers['access-control-allow-origin']).toBe('*');
    }
    expect(await progressOf(1005, cookie)).not.toBe(99);
    // A bad time is the contract's 3, not a 5xx.
    expect((await reportTime('soon', { authorization: `Bearer ${token}` })).json().Error.Number).toBe(3);
  });

  it('a grant ends when its session ends, and after its 4 hours', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const first = (await mint('1005', cookie)).Response.CastToken.token;
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect((await reportTime('12', { authorization: `Bearer ${first}` })).json().Error.Number).toBe(4);

    const again = await logInAs(t.app, 'abonne@playz.fr');
    const second = (await mint('1005', again)).Response.CastToken.token;
    expect((await reportTime('13', { authorization: `Bearer ${second}` })).json().Error.Number).toBe(0);
    clock += 4 * HOUR;
    expect((await reportTime('14', { authorization: `Bearer ${second}` })).json().Error.Number).toBe(4);
    expect(await progressOf(1005, again)).toBe(13);
  });

  it('is minted for a signed-in viewer and a content that exists only', async () => {
    expect((await mint('1005')).Error.Number).toBe(11);
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect((await mint('99999', cookie)).Error.Number).toBe(20);
    expect((await mint('abc', cookie)).Error.Number).toBe(3);
    // Minting is the viewer's own call: a page of another origin posting with the cookie is refused.
    const forged = await t.app.inject(
      post('/customer/cast/token', { content_id: '1005' }, { cookie, headers: { origin: RECEIVER } }),
    );
    expect(forged.json().Error.Number).toBe(4);
    expect(forged.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('decision 051 kept: the report’s preflight grants the bearer header; other API calls grant no origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/1.2/cast/playback/status',
      headers: {
        origin: RECEIVER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const other = await t.app.inject({ url: '/api/1.2/content/1005', headers: { cookie, origin: RECEIVER } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
