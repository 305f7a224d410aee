import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { openDatabase } from './accounts-test-support';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = openDatabase(t.config);
  // The test app skips the media pipeline, so no list has a video: the series, its first season
  // (the same video) and its second season (its own) get one.
  const preview = async (id: number, file: string) =>
    db.db.updateTable('content_lists').set({ preview: file }).where('id', '=', id).execute();
  await preview(2001, 'clips/city/preview.mp4');
  await preview(2101, 'clips/city/preview.mp4');
  await preview(2102, 'clips/city/season-2.mp4');
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const get = async (url: string) => {
  const body = (await t.app.inject(`/api/1.2${url}`)).json();
  expect(body.Error.Number).toBe(0);
  return body.Response;
};

interface Teaser {
  seasonID: number | null;
  name: string;
  url: string;
  posterUrl: string | null;
}
interface Item {
  contentID: number;
  channelID: number | null;
}

describe('spec 2 §3 fields the API lacked (decision 058)', () => {
  it('spec 2 §3 Series teasers: the series video first, each video once', async () => {
    const { Series } = await get('/series/2001');
    const teasers: Teaser[] = Series.teasers;
    expect(teasers.map((teaser) => teaser.seasonID)).toEqual([null, 2102]);
    expect(teasers[1]?.url).toMatch(/season-2\.mp4$/);
    expect(teasers[0]).toEqual({
      seasonID: null,
      name: Series.name,
      url: Series.previewUrl,
      posterUrl: Series.posterUrl,
    });
  });

  it('spec 2 §3 Channel playlist and contents: a Playlist channel its coming contents once each, in airing order', async () => {
    const { Channels } = await get('/channels');
    const listed = Channels.find((c: { channelType: string }) => c.channelType === 'Playlist');
    const { Channel } = await get(`/channel/${listed.channelID}`);
    const aired: Item[] = Channel.schedules.map((s: { content: Item }) => s.content);
    const once = aired.filter((c, i) => aired.findIndex((d) => d.contentID === c.contentID) === i);
    expect(Channel.playlist.map((c: Item) => c.contentID)).toEqual(once.map((c) => c.contentID));
    expect(Channel.playlist.length).toBeGreaterThan(0);
    expect(Channel.contents.length).toBeGreaterThan(0);
    expect(Channel.contents.every((c: Item) => c.channelID === listed.channelID)).toBe(true);
  });

  it('spec 2 §3 Channel playlist: none for a Stream channel, whose url is its stream', async () => {
    const { Channels } = await get('/channels');
    const stream = Channels.find((c: { channelType: string }) => c.channelType === 'Stream');
    expect(stream).toBeDefined();
    const { Channel } = await get(`/channel/${stream.channelID}`);
    expect(Channel.playlist).toBeNull();
    expect(Array.isArray(Channel.contents)).toBe(true);
  });
});
