import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { runStaffCommand } from '../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../src/modules/staff/totp';
import { createTestApp, type TestApp } from './test-app';
import { get } from './accounts-test-support';

// XMLTV and M3U imports from the console (decision 103): a preview that writes nothing (channels
// matched, programmes added and replaced per day, lines in error with their number), then the
// import in one transaction with its audit entry; the viewers read it at once.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
const json = { 'content-type': 'application/json' };
const staffCookie = (res: LightMyRequestResponse) =>
  `playz_staff=${res.cookies.find((c) => c.name === 'playz_staff')!.value}`;

async function signIn(email: string, password: string) {
  clock += 31_000;
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session/password',
    headers: json,
    payload: { email, password },
  });
  const secret = first.json().Response.enrolment.secret as string;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session/second-factor',
    headers: { ...json, cookie: staffCookie(first) },
    payload: { code: hotp(base32Decode(secret), totpStep(clock)) },
  });
  return staffCookie(done);
}

const call = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie, ...json }, payload });

const DAY = '2026-12-01';
const viewerGuide = async (channelId: number) => {
  const res = await t.app.inject(
    get(`/channel/${channelId}/schedule`, { query: { date_from: `${DAY}T00:00:00Z`, date_to: `${DAY}T23:59:59Z` } }),
  );
  expect(res.json().Error.Number, res.body.slice(0, 200)).toBe(0);
  return (res.json().Response.Schedules as { dateScheduled: string; content: { title: string } }[]).map(
    (s) => `${new Date(s.dateScheduled).toISOString().slice(11, 16)} ${s.content.title}`,
  );
};

const roles: Record<string, string> = {};
let channel = { id: 0, name: '' };
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  const lines: string[] = [];
  await runStaffCommand(['create-admin', 'root@playz.fr', 'Root'], { db: t.database.db, print: (l) => lines.push(l) });
  roles.admin = await signIn('root@playz.fr', /shown once\): (\S+)/.exec(lines.join('\n'))![1]!);
  for (const role of ['editor', 'support']) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: roles.admin, ...json },
      payload: { email: `${role}@playz.fr`, name: role, roles: [role] },
    });
    roles[role] = await signIn(`${role}@playz.fr`, created.json().Response.password as string);
  }
  const listed = await t.app.inject({ method: 'GET', url: '/api/admin/channels', headers: { cookie: roles.editor! } });
  channel = (listed.json().Response.channels as { id: number; name: string; type: string }[]).find(
    (c) => c.type === 'Playlist',
  )!;
});
afterAll(() => t.close());

/** A guide for our channel (by its display name) and one we do not have; lines 9 and 12 are wrong. */
const guide = () => `<?xml version="1.0" encoding="UTF-8"?>
<tv>
  <channel id="ours.fr"><display-name>${channel.name}</display-name></channel>
  <channel id="elsewhere.fr"><display-name>Ailleurs TV</display-name></channel>
  <programme start="20261201060000 +0000" stop="20261201080000 +0000" channel="ours.fr">
    <title>Matin importé</title><rating system="CSA"><value>-10</value></rating>
  </programme>
  <programme start="20261201080000 +0000" stop="20261201083000 +0000" channel="ours.fr"><title>Journal importé</title></programme>
  <programme start="2026-12-01 09:00" stop="20261201100000 +0000" channel="ours.fr"><title>Heure fausse</title></programme>
  <programme start="20261201100000 +0000" stop="20261201120000 +0000" channel="ours.fr"><title>Midi importé</title></programme>
  <programme start="20261201080000 +0000" stop="20261201090000 +0000" channel="elsewhere.fr"><title>Ailleurs</title></programme>
  <programme start="20261201120000 +0000" stop="20261201130000 +0000" channel="ours.fr"></programme>
</tv>
`;

describe('XMLTV and M3U imports from the console (decision 103; spec 2 channels and schedule)', () => {
  it('spec 2 §7 schedule: an XMLTV preview writes nothing and says what the import would do, with the wrong lines', async () => {
    const before = await viewerGuide(channel.id);
    expect(before.length).toBeGreaterThan(10);
    const res = await call('/guide-import/preview', roles.editor!, { format: 'xmltv', text: guide() });
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
    const preview = res.json().Response.preview;
    expect(preview.channels).toEqual([
      { key: 'ours.fr', name: channel.name, channelId: channel.id, channelName: channel.name, action: 'matched' },
      { key: 'elsewhere.fr', name: 'Ailleurs TV', channelId: null, channelName: null, action: 'unknown' },
    ]);
    // The imported span (06:00-12:00) replaces what was there.
    const replaced = before.filter((b) => b >= '06:00' && b < '12:00').length;
    expect(preview.days).toEqual([{ channelId: channel.id, channelName: channel.name, day: DAY, added: 3, replaced }]);
    expect(preview.errors).toEqual([
      { line: 9, reason: 'start' },
      { line: 12, reason: 'title' },
    ]);
    expect(await viewerGuide(channel.id)).toEqual(before);
  });

  it('spec 2 §7 schedule: an import whose audit entry fails leaves nothing written (one transaction)', async () => {
    const before = await viewerGuide(channel.id);
    await expect(
      t.app.catalogue.guideImport.apply('xmltv', guide(), async () => {
        throw new Error('audit refused');
      }),
    ).rejects.toThrow('audit refused');
    expect(await viewerGuide(channel.id)).toEqual(before);
  });

  it('spec 2 §7 schedule: applying the XMLTV guide replaces the span; the viewers read it at once; audited', async () => {
    const before = await viewerGuide(channel.id);
    // Over the server's 64 KB default: a real guide is bigger than a form.
    const text = `${guide()}<!-- ${'x'.repeat(100_000)} -->`;
    const res = await call('/guide-import/apply', roles.editor!, { format: 'xmltv', text });
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
    expect(res.json().Response.applied).toEqual({ programmes: 3, channelsCreated: 0, channelsUpdated: 0 });
    const after = await viewerGuide(channel.id);
    expect(after).toEqual([
      ...before.filter((b) => b < '06:00'),
      '06:00 Matin importé',
      '08:00 Journal importé',
      '10:00 Midi importé',
      ...before.filter((b) => b >= '12:00'),
    ]);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=guide.import.xmltv',
      headers: { cookie: roles.admin! },
    });
    const entry = audit.json().Response.entries[0];
    expect(entry).toMatchObject({
      actor: 'editor@playz.fr',
      targetType: 'guide',
      before: { format: 'xmltv', replaced: [{ channelId: channel.id, day: DAY }] },
      after: { format: 'xmltv', programmes: 3, channelIds: [channel.id] },
    });
  });

  it('spec 2 channels: an M3U list updates a known channel (tvg-id) and creates a new one; bad lines are listed', async () => {
    const text = [
      '#EXTM3U',
      `#EXTINF:-1 tvg-id="${channel.id}" group-title="Info",${channel.name}`,
      'https://streams.example/ours.m3u8',
      '#EXTINF:-1 tvg-id="nouvelle.fr" group-title="Sport",Nouvelle Chaîne',
      'https://streams.example/nouvelle.m3u8',
      '#EXTINF:-1,Sans adresse',
      '#EXTINF:-1,Fichier local',
      '/srv/local.ts',
    ].join('\n');
    const preview = (await call('/guide-import/preview', roles.editor!, { format: 'm3u', text })).json().Response
      .preview;
    expect(preview.channels).toEqual([
      {
        key: String(channel.id),
        name: channel.name,
        channelId: channel.id,
        channelName: channel.name,
        action: 'matched',
      },
      { key: 'nouvelle.fr', name: 'Nouvelle Chaîne', channelId: null, channelName: null, action: 'create' },
    ]);
    expect(preview.errors).toEqual([
      { line: 6, reason: 'no-url' },
      { line: 8, reason: 'url' },
    ]);
    const res = await call('/guide-import/apply', roles.editor!, { format: 'm3u', text });
    expect(res.json().Response.applied).toEqual({ programmes: 0, channelsCreated: 1, channelsUpdated: 1 });
    const channels = (await t.app.inject(get('/channels'))).json().Response.Channels as { name: string }[];
    expect(channels.map((c) => c.name)).toContain('Nouvelle Chaîne');
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=guide.import.m3u',
      headers: { cookie: roles.admin! },
    });
    expect(audit.json().Response.entries[0]).toMatchObject({
      before: { channels: [{ id: channel.id, type: 'Playlist', streamUrl: null }] },
      after: { created: 1, updated: 1 },
    });
  });

  it('decision 080: support may not import (4); no session gets 11; an empty file is refused with 3', async () => {
    expect(
      (await call('/guide-import/preview', roles.support!, { format: 'm3u', text: '#EXTM3U' })).json().Error.Number,
    ).toBe(4);
    expect((await call('/guide-import/apply', '', { format: 'm3u', text: '#EXTM3U' })).json().Error.Number).toBe(11);
    expect(
      (await call('/guide-import/preview', roles.editor!, { format: 'xmltv', text: '' })).json().Error.Number,
    ).toBe(3);
  });
});
