import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ensureScheduleWindow } from '../src/db/seed/schedule-window';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get } from './accounts-test-support';

// The schedule editor (decision 103): one day of a channel's guide; a programme added, moved,
// resized or removed, each audited with before and after; overlaps and the past refused with 3 and
// a reason; the viewers' GET /channel/:id/schedule answers the change at once.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];

interface Entry {
  id: number;
  contentId: number;
  title: string;
  rating: number;
  start: string;
  duration: number;
}
const DAY = '2026-11-30';
const at = (iso: string, plusSeconds: number) => new Date(Date.parse(iso) + plusSeconds * 1000).toISOString();

/** What a viewer's app reads of the channel's guide that day (spec 2 §7 GET /channel/{id}/schedule). */
const viewerGuide = async (channelId: number) => {
  const res = await t.app.inject(
    get(`/channel/${channelId}/schedule`, {
      query: { date_from: `${DAY}T00:00:00Z`, date_to: `${DAY}T23:59:59Z` },
    }),
  );
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  return (
    res.json().Response.Schedules as {
      scheduleID: number;
      dateScheduled: string;
      duration: number;
      content: { contentID: number };
    }[]
  ).map((s) => ({
    id: s.scheduleID,
    start: new Date(s.dateScheduled).toISOString(),
    duration: s.duration,
    contentId: s.content.contentID,
  }));
};

let roles: StaffConsole['roles'] = {};
let channelId = 0;
const dayOf = async () => {
  const res = await call('GET', `/channels/${channelId}/schedule?day=${DAY}`, roles.editor!);
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  return res.json().Response.entries as Entry[];
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  const channels = (await call('GET', '/channels', roles.editor!)).json().Response.channels as {
    id: number;
    type: string;
  }[];
  channelId = channels.find((c) => c.type === 'Playlist')!.id;
});
afterAll(() => t.close());

describe('the schedule editor (decision 103; spec 2 §7 channel schedule)', () => {
  it('spec 2 §7 GET /channel/{id}/schedule: one day lists what the viewers read, with title and rating', async () => {
    const entries = await dayOf();
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.every((e) => e.title && typeof e.rating === 'number' && e.duration > 0)).toBe(true);
    const viewers = await viewerGuide(channelId);
    expect(entries.filter((e) => e.start >= `${DAY}T00:00:00.000Z`).map((e) => e.id)).toEqual(
      viewers.filter((v) => v.start >= `${DAY}T00:00:00.000Z`).map((v) => v.id),
    );
    const bad = await call('GET', `/channels/${channelId}/schedule?day=30-11-2026`, roles.editor!);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().Error.Number).toBe(3);
    expect((await call('GET', `/channels/999999/schedule?day=${DAY}`, roles.editor!)).json().Error.Number).toBe(22);
  });

  it('spec 2 §7 schedule: remove, add, move and resize a programme; the viewers read each change at once; audited', async () => {
    const entries = await dayOf();
    const noon = entries.find((e) => e.start >= `${DAY}T12:00:00.000Z`)!;
    const removed = await call('POST', `/channels/${channelId}/schedule/${noon.id}/remove`, roles.editor!);
    expect(removed.json().Response, removed.body).toEqual({ removed: noon.id });
    expect((await viewerGuide(channelId)).map((v) => v.id)).not.toContain(noon.id);

    // The editor finds a content by a word of its title.
    const word = noon.title
      .split(/\s+/)
      .find((w) => w.length > 2)!
      .slice(0, 3);
    const search = await call('GET', `/schedule/contents?q=${encodeURIComponent(word)}`, roles.editor!);
    expect(search.json().Error.Number, search.body).toBe(0);
    const found = search.json().Response.contents as { id: number; title: string }[];
    expect(
      found.map((c) => c.id),
      `${noon.title} ${word} ${JSON.stringify(found)}`,
    ).toContain(noon.contentId);

    const added = await call('POST', `/channels/${channelId}/schedule`, roles.editor!, {
      contentId: noon.contentId,
      start: noon.start,
      duration: noon.duration - 600,
    });
    expect(added.json().Error.Number, added.body).toBe(0);
    const entry = added.json().Response.entry as Entry;
    expect(entry).toMatchObject({ contentId: noon.contentId, start: noon.start, duration: noon.duration - 600 });
    // No wait: this node's catalogue cache was dropped with the change.
    expect(await viewerGuide(channelId)).toContainEqual({
      id: entry.id,
      start: noon.start,
      duration: noon.duration - 600,
      contentId: noon.contentId,
    });

    // Moved five minutes later, it still fits before the next one.
    const moved = await call('POST', `/channels/${channelId}/schedule/${entry.id}`, roles.editor!, {
      start: at(noon.start, 300),
      duration: noon.duration - 600,
    });
    expect(moved.json().Response.entry, moved.body).toMatchObject({ start: at(noon.start, 300) });
    expect((await viewerGuide(channelId)).find((v) => v.id === entry.id)?.start).toBe(at(noon.start, 300));

    const audit = (await call('GET', `/audit?target_type=channel&target_id=${channelId}`, roles.admin!)).json().Response
      .entries as { action: string; actor: string; before: unknown; after: unknown }[];
    expect(audit.map((e) => e.action)).toEqual(['schedule.change', 'schedule.add', 'schedule.remove']);
    expect(audit[0]).toMatchObject({
      actor: 'editor@playz.fr',
      before: { id: entry.id, start: noon.start },
      after: { id: entry.id, start: at(noon.start, 300) },
    });
    expect(audit[1]).toMatchObject({ before: null, after: { id: entry.id } });
    expect(audit[2]).toMatchObject({ before: { id: noon.id, start: noon.start }, after: null });

    // The demo guide generator leaves an edited channel alone: the removed programme stays removed.
    await ensureScheduleWindow(t.database.db, new Date(clock));
    const after = await viewerGuide(channelId);
    expect(after.map((v) => v.id)).not.toContain(noon.id);
    expect(after.find((v) => v.id === entry.id)?.start).toBe(at(noon.start, 300));
  });

  it('spec 2 §7 schedule: an overlap, the past, a started programme and a bad length are refused with 3 and a reason; nothing changes', async () => {
    const before = await viewerGuide(channelId);
    const entries = await dayOf();
    const later = entries.filter((e) => e.start >= `${DAY}T15:00:00.000Z`);
    const [a, b] = [later[0]!, later[1]!];
    const refusal = async (res: Promise<LightMyRequestResponse>, reason: string) => {
      const done = await res;
      expect(done.statusCode).toBeLessThan(500);
      expect(done.json().Error, done.body).toMatchObject({ Number: 3, Message: `schedule.${reason}` });
    };
    const add = (start: string, duration: number) =>
      call('POST', `/channels/${channelId}/schedule`, roles.editor!, { contentId: a.contentId, start, duration });
    await refusal(add(at(a.start, 60), 600), 'overlap');
    await refusal(add(at(a.start, -60), 600), 'overlap');
    // Moving a into b's time, or stretching it over b's start.
    await refusal(
      call('POST', `/channels/${channelId}/schedule/${a.id}`, roles.editor!, { start: b.start, duration: a.duration }),
      'overlap',
    );
    await refusal(
      call('POST', `/channels/${channelId}/schedule/${a.id}`, roles.editor!, {
        start: a.start,
        duration: a.duration + 60,
      }),
      'overlap',
    );
    await refusal(add(new Date(clock - 3600_000).toISOString(), 600), 'past');
    // The programme on air now cannot move any more.
    const today = (
      await call(
        'GET',
        `/channels/${channelId}/schedule?day=${new Date(clock).toISOString().slice(0, 10)}`,
        roles.editor!,
      )
    ).json().Response.entries as Entry[];
    const airing = today.find((e) => Date.parse(e.start) <= clock && Date.parse(e.start) + e.duration * 1000 > clock)!;
    await refusal(
      call('POST', `/channels/${channelId}/schedule/${airing.id}`, roles.editor!, {
        start: new Date(clock + 7 * 86400_000).toISOString(),
        duration: 600,
      }),
      'started',
    );
    await refusal(call('POST', `/channels/${channelId}/schedule/${airing.id}/remove`, roles.editor!), 'started');
    // Beyond six hours the live assembler would not find it: the contract refuses it.
    const long = await add(`${DAY}T23:59:00Z`, 7 * 3600);
    expect(long.json().Error.Number).toBe(3);
    expect(await viewerGuide(channelId)).toEqual(before);
  });

  it('spec 2 §7 schedule: two editors at the same instant — one channel keeps one programme per slot, two channels each get theirs (never a 5xx)', async () => {
    // A day past the demo guide's window (now + 7 days): empty on every channel.
    const FREE = '2026-12-20';
    const channels = (await call('GET', '/channels', roles.editor!)).json().Response.channels as { id: number }[];
    const other = channels.find((c) => c.id !== channelId)!.id;
    const contentId = (await dayOf())[0]!.contentId;
    const add = (channel: number, start: string) =>
      call('POST', `/channels/${channel}/schedule`, roles.editor!, { contentId, start, duration: 1800 });
    const sameSlot = await Promise.all([add(channelId, `${FREE}T20:00:00Z`), add(channelId, `${FREE}T20:10:00Z`)]);
    for (const res of sameSlot) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(sameSlot.map((res) => res.json().Error.Number).sort()).toEqual([0, 3]);
    const twoChannels = await Promise.all([add(channelId, `${FREE}T08:00:00Z`), add(other, `${FREE}T08:00:00Z`)]);
    for (const res of twoChannels) expect(res.json().Error.Number, res.body).toBe(0);
    const ids = twoChannels.map((res) => (res.json().Response.entry as Entry).id);
    expect(new Set(ids).size).toBe(2);
    const day = (await call('GET', `/channels/${channelId}/schedule?day=${FREE}`, roles.editor!)).json().Response
      .entries as Entry[];
    expect(day.map((e) => e.start)).toEqual([`${FREE}T08:00:00.000Z`, expect.stringMatching(/T20:(00|10):00.000Z$/)]);
  });

  it('decision 080: support may not read or change the schedule (4); no session gets 11', async () => {
    expect((await call('GET', `/channels/${channelId}/schedule?day=${DAY}`, roles.support!)).json().Error.Number).toBe(
      4,
    );
    expect(
      (
        await call('POST', `/channels/${channelId}/schedule`, roles.support!, {
          contentId: 1,
          start: `${DAY}T01:00:00Z`,
          duration: 600,
        })
      ).json().Error.Number,
    ).toBe(4);
    expect((await call('GET', '/schedule/contents?q=a', '')).json().Error.Number).toBe(11);
  });
});
