import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get, post, registerAccount } from './accounts-test-support';
import { readOutbox } from './support/outbox';

// Live events from the console (decision 108): an editor creates one in four languages with its
// channel, dates, countdown and pass offer; changes it; cancels or hides it; attaches its replay
// once it has ended. The viewers' live-event calls (spec 2 §7) follow at once; every change is
// audited with before and after.

const HOUR = 3600_000;
let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};

type ViewerEvent = {
  liveEventID: number;
  name: string;
  description: string;
  state: string;
  countdownSeconds: number;
  countdownType: string;
  productPriceID: number | null;
  channelID: number | null;
  hasReplay: boolean;
  contentID: number;
  posterUrl: string | null;
};

const viewerEvents = async (path = '/live-events/', locale = 'fr') => {
  const res = await t.app.inject(get(path, { query: { locale } }));
  expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
  return res.json().Response.LiveEvents as ViewerEvent[];
};

const gala = (start: string) => ({
  texts: {
    fr: { name: 'Grand gala de Noël', description: 'Le gala, en direct.' },
    en: { name: 'Christmas gala', description: 'The gala, live.' },
    nl: { name: 'Kerstgala', description: '' },
    es: {},
  },
  channelId: 20,
  start,
  durationMinutes: 120,
  leadMinutes: 15,
  countdownType: 'Video',
  passOfferId: 22,
  poster: 'posters/gala.jpg',
  locationName: 'Salle Pleyel',
  locationAddress: null,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
});
afterAll(() => t.close());

describe('live events from the console (decision 108; spec 2 §3 Live event, §4, §7 /live-events/)', () => {
  let id = 0;

  it('spec 2 §7 GET /live-events/: an editor creates an event in four languages; viewers see it at once, named in their language, with its countdown and pass; audited', async () => {
    const start = new Date(clock + 2 * 24 * HOUR).toISOString();
    const res = await call('POST', '/live-events', roles.editor!, gala(start));
    expect(res.json().Error.Number, res.body).toBe(0);
    const created = res.json().Response.event;
    id = created.id;
    expect(created).toMatchObject({
      state: 'Pending',
      hiddenAt: null,
      replay: null,
      channelId: 20,
      durationMinutes: 120,
      passOfferId: 22,
    });
    expect(created.texts.es).toEqual({});

    for (const [locale, name] of [
      ['fr', 'Grand gala de Noël'],
      ['en', 'Christmas gala'],
      ['nl', 'Kerstgala'],
      // Spanish left empty: the French name.
      ['es', 'Grand gala de Noël'],
    ] as const) {
      const event = (await viewerEvents('/live-events/', locale)).find((e) => e.liveEventID === id);
      expect(event, locale).toMatchObject({ name, state: 'Pending', countdownType: 'Video', productPriceID: 22 });
      expect(event!.countdownSeconds).toBe(2 * 24 * 3600);
      expect(event!.posterUrl).toBe('/media/posters/gala.jpg');
    }
    // The Dutch description was left empty: the French one.
    const nl = (await viewerEvents('/live-events/', 'nl')).find((e) => e.liveEventID === id)!;
    expect(nl.description).toBe('Le gala, en direct.');

    const entry = (await call('GET', '/audit?action=live-event.create', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ actor: 'editor@playz.fr', targetType: 'live-event', targetId: String(id) });
    expect(entry.before).toBeNull();
    expect(entry.after.texts.en.name).toBe('Christmas gala');
  });

  it('spec 2 §7 GET /live-event/{id}: a changed start and name answer at once; the audit keeps both sides', async () => {
    const start = new Date(clock + 3 * 24 * HOUR).toISOString();
    const body = { ...gala(start), texts: { ...gala(start).texts, fr: { name: 'Gala reporté', description: 'x' } } };
    const res = await call('POST', `/live-events/${id}`, roles.editor!, body);
    expect(res.json().Error.Number, res.body).toBe(0);
    const viewer = await t.app.inject(get(`/live-event/${id}`));
    expect(viewer.json().Response.LiveEvent).toMatchObject({ name: 'Gala reporté', dateScheduled: start });
    const entry = (await call('GET', '/audit?action=live-event.change', roles.admin!)).json().Response.entries[0];
    expect(entry.before.texts.fr.name).toBe('Grand gala de Noël');
    expect(entry.after.texts.fr.name).toBe('Gala reporté');
    expect(entry.after.start).toBe(start);
  });

  it('spec 2 §8 error 3: an unknown channel, an offer that sells no pass, a start that is no date, a path outside the media are refused, nothing written', async () => {
    const start = new Date(clock + 24 * HOUR).toISOString();
    const before = (await call('GET', '/live-events', roles.editor!)).json().Response.events.length;
    for (const [body, message] of [
      [{ ...gala(start), channelId: 999_999 }, 'liveEvent.channel'],
      // Offer 1 is a subscription, not a LivePurchase.
      [{ ...gala(start), passOfferId: 1 }, 'liveEvent.offer'],
      [{ ...gala('not a date at all'), passOfferId: null }, 'liveEvent.start'],
      [{ ...gala(start), poster: '../../etc/passwd.jpg' }, undefined],
      [{ ...gala(start), texts: { ...gala(start).texts, fr: { name: '', description: '' } } }, undefined],
    ] as const) {
      const res = await call('POST', '/live-events', roles.editor!, body);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().Error.Number, res.body).toBe(3);
      if (message) expect(res.json().Error.Message).toBe(message);
    }
    expect((await call('GET', '/live-events', roles.editor!)).json().Response.events.length).toBe(before);
    const missing = await call('POST', '/live-events/999999', roles.editor!, gala(start));
    expect(missing.json().Error.Number).toBe(100);
  });

  it('spec 2 §7 /live-events/ and /live-event/{id}: a cancelled (hidden) event leaves the viewers lists, its page, stream and pass sale answer 100; shown again it is back', async () => {
    // spec 3 §3 LivePurchase: the pass is sold through the TV's payment link (decision 040) while shown.
    const buyer = await logInAs(t.app, 'visiteur@playz.fr');
    const passLink = async () =>
      (
        await t.app.inject(
          get('/customer/billing/link', {
            query: { purchase_content: JSON.stringify({ contentType: 'LiveEvent', contentTypeID: id }) },
            cookie: buyer,
          }),
        )
      ).json().Error.Number as number;
    expect(await passLink()).toBe(0);
    const hide = await call('POST', `/live-events/${id}/hide`, roles.editor!);
    expect(hide.json().Response).toMatchObject({ repeated: false, event: { id } });
    expect(hide.json().Response.event.hiddenAt).not.toBeNull();
    expect((await viewerEvents()).map((e) => e.liveEventID)).not.toContain(id);
    const page = await t.app.inject(get(`/live-event/${id}`));
    expect(page.statusCode).toBe(404);
    expect(page.json().Error.Number).toBe(100);
    const stream = await t.app.inject(get(`/live-event/${id}/url/adaptive`));
    expect(stream.json().Error.Number).toBe(100);
    expect(await passLink()).toBe(100);
    // Hiding it again changes nothing and is not audited twice.
    expect((await call('POST', `/live-events/${id}/hide`, roles.editor!)).json().Response.repeated).toBe(true);
    const hides = (await call('GET', '/audit?action=live-event.hide', roles.admin!)).json().Response.entries;
    expect(hides.filter((e: { targetId: string }) => e.targetId === String(id))).toHaveLength(1);
    // The console still lists it.
    const listed = (await call('GET', '/live-events', roles.editor!)).json().Response.events;
    expect(listed.find((e: { id: number }) => e.id === id).hiddenAt).not.toBeNull();

    expect((await call('POST', `/live-events/${id}/show`, roles.editor!)).json().Response.repeated).toBe(false);
    expect((await viewerEvents()).map((e) => e.liveEventID)).toContain(id);
  });

  it('spec 2 §3 "a replay when contentID is above 0": refused before the end; once ended the replay is attached and viewers find it in /live-events/replays', async () => {
    const replayContent = (await t.database.db
      .selectFrom('contents')
      .select('id')
      .where('enabled', '=', 1)
      .where('content_type', '=', 'Clip')
      .orderBy('id')
      .executeTakeFirst())!.id;
    const early = await call('POST', `/live-events/${id}/replay`, roles.editor!, { contentId: replayContent });
    expect(early.json()).toMatchObject({ Error: { Number: 3, Message: 'liveEvent.not-ended' } });

    // An event that began four hours ago and lasted two is over: its replay may be attached.
    const ended = await call('POST', '/live-events', roles.editor!, gala(new Date(clock - 4 * HOUR).toISOString()));
    expect(ended.json().Response.event.state).toBe('Past');
    id = ended.json().Response.event.id;
    const unknown = await call('POST', `/live-events/${id}/replay`, roles.editor!, { contentId: 987_654 });
    expect(unknown.json()).toMatchObject({ Error: { Number: 3, Message: 'liveEvent.content' } });
    const res = await call('POST', `/live-events/${id}/replay`, roles.editor!, { contentId: replayContent });
    expect(res.json().Error.Number, res.body).toBe(0);
    expect(res.json().Response.event).toMatchObject({ state: 'Past', replay: { id: replayContent } });

    const replay = (await viewerEvents('/live-events/replays')).find((e) => e.liveEventID === id);
    expect(replay).toMatchObject({ hasReplay: true, contentID: replayContent, state: 'Past' });
    const entry = (await call('GET', '/audit?action=live-event.replay', roles.admin!)).json().Response.entries[0];
    expect(entry).toMatchObject({ targetId: String(id) });
    expect(entry.before.replay).toBeNull();
    expect(entry.after.replay.id).toBe(replayContent);

    // Taken off again (0): it leaves the replays.
    await call('POST', `/live-events/${id}/replay`, roles.editor!, { contentId: 0 });
    expect((await viewerEvents('/live-events/replays')).map((e) => e.liveEventID)).not.toContain(id);
  });

  it('decision 116: the console list pages by keyset, latest start first then id, every event once; a forged cursor answers 3', async () => {
    // Two events at the same start: the id orders them, so a page boundary between them loses neither.
    const sameStart = new Date(clock + 48 * HOUR).toISOString();
    for (let i = 0; i < 2; i++)
      expect((await call('POST', '/live-events', roles.editor!, gala(sameStart))).json().Error.Number).toBe(0);
    type Page = { events: { id: number; start: string }[]; next: string | null; passOffers: unknown[] };
    const page = async (after: string | null) => {
      const res = await call('GET', `/live-events?limit=2${after ? `&after=${after}` : ''}`, roles.editor!);
      expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
      return res.json().Response as Page;
    };
    const whole = (await call('GET', '/live-events?limit=100', roles.editor!)).json().Response as Page;
    expect(whole.next).toBeNull();
    expect(whole.events.length).toBeGreaterThan(4);
    const seen: number[] = [];
    let first: Page | null = null;
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const read = await page(after);
      first ??= read;
      expect(read.events.length).toBeLessThanOrEqual(2);
      // Every page keeps the pass offers the form needs.
      expect(read.passOffers).toEqual(whole.passOffers);
      seen.push(...read.events.map((e) => e.id));
      after = read.next;
      if (!after) break;
      // An event added between two reads neither shifts nor repeats the next page.
      if (pages === 0)
        await call('POST', '/live-events', roles.editor!, gala(new Date(clock + 72 * HOUR).toISOString()));
    }
    expect(seen).toEqual(whole.events.map((e) => e.id));
    const starts = whole.events.map((e) => Date.parse(e.start));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(first!.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      forged(['live-events', 5, 5]),
      forged(['audit', 5]),
      forged(['live-events', sameStart]),
      'x!',
    ]) {
      const res = await call('GET', `/live-events?after=${encodeURIComponent(cursor)}`, roles.editor!);
      expect(res.json().Error.Number, cursor).toBe(3);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('decision 108: support may not edit live events (4), nothing written', async () => {
    const res = await call('POST', '/live-events', roles.support!, gala(new Date(clock + HOUR).toISOString()));
    expect(res.statusCode).toBe(403);
    expect(res.json().Error.Number).toBe(4);
  });

  // Last: it moves the clock past the staff sessions' life.
  it('spec 1 §3 Alert LiveEvent: a cancelled event is announced to no one, a shown one at its lead time', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const saved = await t.app.inject(
      post('/customer/edit/alert', { alert_type: 'LiveEvent', delta_time: '30', enabled: '1' }, { cookie }),
    );
    expect(saved.json().Error.Number).toBe(0);
    const start = new Date(clock + HOUR).toISOString();
    const named = (name: string) => ({
      ...gala(start),
      texts: { ...gala(start).texts, fr: { name, description: '' } },
    });
    const cancelled = (await call('POST', '/live-events', roles.editor!, named('Concert annulé'))).json().Response
      .event;
    await call('POST', '/live-events', roles.editor!, named('Concert maintenu'));
    expect((await call('POST', `/live-events/${cancelled.id}/hide`, roles.editor!)).json().Error.Number).toBe(0);

    clock = Date.parse(start) - 29 * 60_000;
    await t.app.liveEventAlerts.runOnce();
    const subjects = (await readOutbox(t.config.dataDir, 'mail', { to: login })).map((m) => m.subject);
    expect(subjects).toContain('Bientôt en direct : Concert maintenu');
    expect(subjects).not.toContain('Bientôt en direct : Concert annulé');
  });
});
