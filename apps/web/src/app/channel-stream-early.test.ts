import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '@playz/api-client';
import { endpoints } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import type { StandIn } from '@playz/player/stand-in';
import { recordingOpenings } from '@playz/player/testing';
import { createQueryClient } from '@playz/queries';
import { webCommonParams } from '@/lib/api';
import { pageWithMeta } from '@/test/page-with-meta';
import { makeAdaptiveStream, makeApp, makeChannel, subscriber } from '@/test/fixtures';
import { startChannelOpening } from './channel-opening';
import { channelStreamUrl, livePictureChannel, startChannelEarly } from './channel-stream-early';
import { LIVE_LAUNCHED_CLASS } from './page-opening-start';

// Decision 139: a live channel page carrying its stand-in picture (spec 2 §2 live channel player)
// has its first script ask the channel's View stream and launch the channel before the app's entry.

const LIVE = makeAdaptiveStream('/live/GRANT/clips/ocean/live.mpd', { window: 'live' });
const TRACK = {
  mime: 'video/mp4; codecs="avc1.4d4015"',
  init: '/media/s/G/i.m4s',
  media: '/media/s/G/m.m4s',
  offset: 1,
};

const pageWith = (picture: unknown) => pageWithMeta('playz-live-picture', picture);

const fakeStandIn = () => ({ video: document.createElement('video'), ready: Promise.resolve(true), remove: vi.fn() });

const reply = (body: unknown) =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
const granted = (stream = LIVE) => reply({ Error: { Number: 0 }, Response: { AdaptiveStream: stream } });

/** Openings that record what each prepare was given. */
function openingsWithStandIns() {
  const recording = recordingOpenings();
  const standIns: (StandIn | null | undefined)[] = [];
  const prepare = recording.openings.prepare;
  recording.openings.prepare = (key, source, standIn) => {
    standIns.push(standIn);
    prepare(key, source, standIn);
  };
  return { ...recording, standIns };
}

/** The app's entry, evaluated after the first script (decision 134), on the same page. */
function entry(doc: Document, openings: ReturnType<typeof recordingOpenings>['openings']) {
  const channels = [makeChannel(4), makeChannel(5)].map((channel) => ({ ...channel, schedules: [] }));
  const getChannels = vi.fn(async () => ({ Channels: channels }));
  const getChannelAdaptiveUrl = vi.fn(async () => ({ AdaptiveStream: LIVE }));
  const api = {
    getData: vi.fn(async () => ({ App: makeApp(), Customer: subscriber() })),
    getChannels,
    getChannelAdaptiveUrl,
    stopPlayback: vi.fn(async () => ({})),
  } as unknown as ApiClient;
  const queryClient = createQueryClient();
  const started = startChannelOpening(
    '/channel/5',
    { api, queryClient },
    { openings, target: 'player_dash', win: new EventTarget() as unknown as Window, doc },
  );
  return { started, queryClient, getChannelAdaptiveUrl };
}

describe('a live channel page’s first script (decision 139; spec 2 §2 live channel player)', () => {
  it('spec 1 §7: asks the same call as the app’s client, with its common parameters', () => {
    const api = createApiClient({ baseUrl: '', getCommonParams: webCommonParams });
    const byClient = new URL(
      api.urlOf(endpoints.getChannelAdaptiveUrl, {
        params: { id: '5' },
        query: { product_usage: 'View', target: 'player_dash' },
      }),
      'https://playz.test',
    );
    const early = new URL(channelStreamUrl(5, 'player_dash'), 'https://playz.test');
    expect(early.pathname).toBe(byClient.pathname);
    expect([...early.searchParams].sort()).toEqual([...byClient.searchParams].sort());
  });

  it('reads the picture’s channel once; a malformed one is none', () => {
    const doc = pageWith({ channelId: 5, picture: [TRACK] });
    expect(livePictureChannel(doc)).toBe(5);
    expect(livePictureChannel(doc)).toBeNull();
    for (const bad of ['{nope', { channelId: '5' }, { channelId: -1 }, { channelId: 1.5 }])
      expect(livePictureChannel(pageWith(bad))).toBeNull();
  });

  it('spec 2 §7 channel/{id}/url/adaptive: asks the View stream at once, prepares the channel with its stand-in, launches it on the live grant; the entry’s query takes that answer', async () => {
    performance.clearMarks();
    const { openings, standIns, prepared, launched } = openingsWithStandIns();
    const doc = pageWith({ channelId: 5, picture: [TRACK] });
    const standIn = fakeStandIn();
    const fetchImpl = granted();
    const early = startChannelEarly(doc, standIn, {
      ...{ openings, target: 'player_dash', fetchImpl },
      win: new EventTarget() as unknown as Window,
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(String(fetchImpl.mock.calls[0]![0])).toContain('/api/1.2/channel/5/url/adaptive?');
    expect((fetchImpl.mock.calls[0]![1] as RequestInit & { priority?: string }).priority).toBe('high');
    expect(prepared).toEqual(['channel:5']);
    expect(standIns).toEqual([standIn]);
    await expect(early).resolves.toBe(launched);
    expect(launched.className).toBe(LIVE_LAUNCHED_CLASS);
    // The entry, imported after the picture: one call, one prepare, one launch.
    const { started, queryClient, getChannelAdaptiveUrl } = entry(doc, openings);
    const key = ['channel', 5, 'stream', 'View', 'player_dash', false];
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual(LIVE));
    // The page, rendered later, observes the same answer (and holds its place from then on).
    const page = new QueryObserver(queryClient, { queryKey: key, staleTime: Infinity, gcTime: 0 });
    page.subscribe(() => {});
    expect(page.getCurrentResult().data).toEqual(LIVE);
    launched.dispatchEvent(new Event('pause'));
    await expect(started!.pictureFirst).resolves.toBeUndefined();
    expect(getChannelAdaptiveUrl).not.toHaveBeenCalled();
    expect(prepared).toEqual(['channel:5']);
    expect(openings.launch).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName('playz:page-opening:view-asked')).toHaveLength(1);
  });

  it('spec 1 §6: a refused View (the devices limit) or another window drops the channel’s opening, nothing launched', async () => {
    for (const fetchImpl of [
      reply({ Error: { Number: ApiErrorNumber.Forbidden, Message: 'devices limit' } }),
      granted(makeAdaptiveStream('/live/G/manifest.mpd', { window: 'startover' })),
      granted(makeAdaptiveStream('/live/G/manifest.mpd', { window: 'live', usage: 'Preview' })),
    ]) {
      const { openings } = openingsWithStandIns();
      const early = startChannelEarly(pageWith({ channelId: 5 }), fakeStandIn(), {
        ...{ openings, target: 'player_dash', fetchImpl },
        win: new EventTarget() as unknown as Window,
      });
      await expect(early).resolves.toBeNull();
      expect(openings.drop).toHaveBeenCalledWith('channel:5');
      expect(openings.launch).not.toHaveBeenCalled();
    }
  });

  it('asks nothing and removes the stand-in when the entry asked first, or the page has no picture', () => {
    const { openings, prepared } = openingsWithStandIns();
    const doc = pageWith({ channelId: 5 });
    entry(doc, openings);
    const fetchImpl = granted();
    const standIn = fakeStandIn();
    expect(startChannelEarly(doc, standIn, { openings, fetchImpl })).toBeNull();
    expect(standIn.remove).toHaveBeenCalled();
    const none = fakeStandIn();
    expect(
      startChannelEarly(document.implementation.createHTMLDocument('x'), none, { openings, fetchImpl }),
    ).toBeNull();
    expect(none.remove).toHaveBeenCalled();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(prepared).toEqual([]);
  });

  it('spec 1 §6: a tab closed after the grant and before the entry took it gives the place back', async () => {
    const { openings } = openingsWithStandIns();
    const fetchImpl = granted();
    const win = new EventTarget() as unknown as Window;
    await startChannelEarly(pageWith({ channelId: 5 }), fakeStandIn(), {
      openings,
      target: 'player_dash',
      fetchImpl,
      win,
    });
    win.dispatchEvent(new Event('pagehide'));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(String(fetchImpl.mock.calls[1]![0])).toContain('/api/1.2/customer/playback/stop');
  });
});
