import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get } from './accounts-test-support';

// A hidden channel no longer plays by its id (decisions 102, 108): the viewers' stream calls for
// it answer 22 (spec 2 §8 channel not found), as for a channel that does not exist; shown again,
// it plays.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let subscriber = '';

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor']));
  subscriber = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(() => t.close());

describe('a hidden channel plays no more (decision 108; spec 2 §7 /channel/{id}/url, /url/adaptive)', () => {
  it('spec 2 §8 error 22: a subscriber’s stream and URL calls for a hidden channel are refused; shown again it plays', async () => {
    const channels = (await call('GET', '/channels', roles.editor!)).json().Response.channels as { id: number }[];
    const id = channels[0]!.id;
    const stream = () => t.app.inject(get(`/channel/${id}/url/adaptive`, { cookie: subscriber }));
    const urls = () => t.app.inject(get(`/channel/${id}/url`, { cookie: subscriber }));

    const before = await stream();
    expect(before.json().Error.Number, before.body.slice(0, 300)).toBe(0);
    expect(before.json().Response.AdaptiveStream.usage).toBe('View');
    expect((await urls()).json().Error.Number).toBe(0);

    expect((await call('POST', `/channels/${id}/hide`, roles.editor!)).json().Error.Number).toBe(0);
    for (const res of [await stream(), await urls()]) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(404);
      expect(res.json()).toMatchObject({ Response: null, Error: { Number: 22 } });
    }
    // A visitor's preview is refused the same way.
    const preview = await t.app.inject(get(`/channel/${id}/url/adaptive`, { query: { product_usage: 'Preview' } }));
    expect(preview.json().Error.Number).toBe(22);

    expect((await call('POST', `/channels/${id}/show`, roles.editor!)).json().Error.Number).toBe(0);
    expect((await stream()).json().Error.Number).toBe(0);
  });
});
