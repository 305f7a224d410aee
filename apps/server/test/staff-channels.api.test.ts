import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get } from './accounts-test-support';

// Channels from the console (decision 102): the list in the viewers' order, hidden ones included;
// a new order and hiding or showing a channel, each audited with before and after; the viewers'
// channel list and search follow at once.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];

/** The channel ids a viewer's app lists (spec 2 GET /channels), in order. */
const viewerChannels = async () => {
  const res = await t.app.inject(get('/channels'));
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  return (res.json().Response.Channels as { channelID: number }[]).map((c) => c.channelID);
};

let roles: StaffConsole['roles'] = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
});
afterAll(() => t.close());

describe('channels from the console (decision 102; spec 2 channels)', () => {
  it('spec 2 GET /channels: an editor reverses the order; the viewers list follows at once; audited', async () => {
    const listed = (await call('GET', '/channels', roles.editor!)).json().Response.channels as {
      id: number;
      position: number;
      type: string;
      name: string;
      hiddenAt: string | null;
    }[];
    expect(listed.length).toBeGreaterThan(2);
    expect(listed.every((c) => c.hiddenAt === null && c.name && ['Playlist', 'Stream'].includes(c.type))).toBe(true);
    expect(await viewerChannels()).toEqual(listed.map((c) => c.id));

    const reversed = listed.map((c) => c.id).reverse();
    const res = await call('POST', '/channels/order', roles.editor!, { ids: reversed });
    expect(res.json().Error.Number, res.body).toBe(0);
    expect(res.json().Response.channels.map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(res.json().Response.channels.map((c: { position: number }) => c.position)).toEqual(
      reversed.map((_, i) => i + 1),
    );
    // No wait: this node's catalogue cache was dropped with the change.
    expect(await viewerChannels()).toEqual(reversed);

    const entry = (await call('GET', '/audit?action=channel.reorder', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetType: 'channel', targetId: 'order' });
    expect(entry.before.map((c: { id: number }) => c.id)).toEqual(listed.map((c) => c.id));
    expect(entry.after.map((c: { id: number }) => c.id)).toEqual(reversed);
  });

  it('spec 2 GET /channels: an order that leaves out, repeats or invents a channel is refused with 3, nothing moved', async () => {
    const ids = ((await call('GET', '/channels', roles.editor!)).json().Response.channels as { id: number }[]).map(
      (c) => c.id,
    );
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999_999], []]) {
      const res = await call('POST', '/channels/order', roles.editor!, { ids: bad });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().Error.Number).toBe(3);
    }
    expect(await viewerChannels()).toEqual(ids);
  });

  it('spec 2 GET /channels and /search: a hidden channel leaves the viewers lists and comes back in its place', async () => {
    const before = await viewerChannels();
    const target = before[1]!;
    const name = (
      (await call('GET', '/channels', roles.editor!)).json().Response.channels as { id: number; name: string }[]
    ).find((c) => c.id === target)!.name;
    /** The channels a viewer's search finds by the channel's name. */
    const found = async () => {
      const res = await t.app.inject(get('/search', { query: { keywords: name } }));
      return (res.json().Response.Results as { type: string; Channel?: { channelID: number } }[])
        .filter((r) => r.type === 'Channel')
        .map((r) => r.Channel!.channelID);
    };
    expect(await found()).toContain(target);

    const hidden = await call('POST', `/channels/${target}/hide`, roles.editor!);
    expect(hidden.json().Response).toMatchObject({ channel: { id: target }, repeated: false });
    expect(hidden.json().Response.channel.hiddenAt).toBe(new Date(clock).toISOString());
    expect(await viewerChannels()).toEqual(before.filter((id) => id !== target));
    expect(await found()).not.toContain(target);
    // The console still lists it, hidden.
    const inConsole = (await call('GET', '/channels', roles.editor!)).json().Response.channels;
    expect(inConsole.find((c: { id: number }) => c.id === target).hiddenAt).not.toBeNull();
    // Hiding it again changes nothing and writes no second entry.
    expect((await call('POST', `/channels/${target}/hide`, roles.editor!)).json().Response.repeated).toBe(true);

    const shown = await call('POST', `/channels/${target}/show`, roles.editor!);
    expect(shown.json().Response).toMatchObject({ channel: { id: target, hiddenAt: null }, repeated: false });
    expect(await viewerChannels()).toEqual(before);
    expect(await found()).toContain(target);

    const entries = (await call('GET', `/audit?target_type=channel&target_id=${target}`, roles.admin!)).json().Response
      .entries as { action: string; before: unknown; after: unknown }[];
    expect(entries.map((e) => e.action)).toEqual(['channel.show', 'channel.hide']);
    expect(entries[1]).toMatchObject({
      before: { hiddenAt: null },
      after: { hiddenAt: new Date(clock).toISOString() },
    });
    expect((await call('POST', '/channels/999999/hide', roles.editor!)).json().Error.Number).toBe(22);
  });

  it('decision 080: support may not list or change channels (4); no session gets 11', async () => {
    expect((await call('GET', '/channels', roles.support!)).json().Error.Number).toBe(4);
    expect((await call('POST', '/channels/1/hide', roles.support!)).json().Error.Number).toBe(4);
    expect((await call('GET', '/channels', '')).json().Error.Number).toBe(11);
  });
});
