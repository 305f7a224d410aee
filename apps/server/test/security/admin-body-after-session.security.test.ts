import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_BASE_PATH } from '@playz/api-contract/admin';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { staffConsole, type StaffConsole } from '../support/staff-console';

/**
 * The console's posts are read only once their caller is known (decision 108): the guide import's
 * two routes take 2.5 MB bodies (decision 103), and a body read before the staff session was
 * checked let anyone on the network make the server read, hold and parse 2.5 MB per request. The
 * body here is a stream that counts what the server pulled from it: a refused caller's is never
 * pulled.
 */
let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let roles: StaffConsole['roles'] = {};
let customerCookie = '';

/** A JSON body of about 2 MB, served in 64 KB chunks as the server asks for them. */
function countedBody() {
  const text = JSON.stringify({ format: 'xmltv', text: `<tv>${' '.repeat(1_900_000)}</tv>` });
  let offset = 0;
  const counter = { pulled: 0 };
  const stream = new Readable({
    read() {
      counter.pulled += 1;
      const chunk = text.slice(offset, offset + 65_536);
      offset += chunk.length;
      this.push(chunk.length ? chunk : null);
    },
  });
  return { stream, counter, length: Buffer.byteLength(text) };
}

const post = (path: string, cookie: string | null) => {
  const body = countedBody();
  return t.app
    .inject({
      method: 'POST',
      url: `${ADMIN_API_BASE_PATH}${path}`,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        ...(cookie ? { cookie } : {}),
      },
      payload: body.stream,
    })
    .then((res) => ({ res, pulled: body.counter.pulled }));
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  customerCookie = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(() => t.close());

describe('decision 108: a console post is read only after its staff session is checked', () => {
  for (const path of ['/guide-import/preview', '/guide-import/apply']) {
    it(`POST ${path}: no session, a customer, a support member (lower role) → refused with the envelope, the 2 MB body never read`, async () => {
      for (const [who, cookie, status, number] of [
        ['no session', null, 401, 11],
        ['a customer', customerCookie, 401, 11],
        ['support', roles.support!, 403, 4],
      ] as const) {
        const { res, pulled } = await post(path, cookie);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        expect(res.json(), who).toMatchObject({ Response: null, Error: { Number: number } });
        expect(pulled, who).toBe(0);
      }
    });
  }

  // Decision 115: the artwork calls take about 14 MB; their body is read after the session too.
  for (const path of [
    '/catalogue/contents/1/artwork',
    '/catalogue/series/1/artwork',
    '/catalogue/live-events/1/artwork',
  ]) {
    it(`decision 115 POST ${path}: no session, a customer, a support member (lower role) → refused with the envelope, the 2 MB body never read`, async () => {
      for (const [who, cookie, status, number] of [
        ['no session', null, 401, 11],
        ['a customer', customerCookie, 401, 11],
        ['support', roles.support!, 403, 4],
      ] as const) {
        const { res, pulled } = await post(path, cookie);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        expect(res.json(), who).toMatchObject({ Response: null, Error: { Number: number } });
        expect(pulled, who).toBe(0);
      }
    });
  }

  it('the control: an editor’s post is read (the preview answers the file)', async () => {
    const { res, pulled } = await post('/guide-import/preview', roles.editor!);
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
    expect(pulled).toBeGreaterThan(10);
  });
});
