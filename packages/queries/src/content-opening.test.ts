import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@playz/api-client';
import { contentOpening } from './content-opening';
import { createQueryClient, queryKeys } from './query-client';

// Decision 044: which contents get an opening, and from where (spec 2 §4 resume point; spec 3 §4
// access rules for View).

const subscriber = { logged: true, hasFullAccess: true, productAccess: [], purchases: [] };
const visitor = { logged: false, hasFullAccess: false, productAccess: [], purchases: [] };
const noRight = { logged: true, hasFullAccess: false, productAccess: [], purchases: [] };
const FILM = {
  ...{ contentID: 1001, contentListID: null, seriesID: null },
  ...{ contentType: 'Film', playbackTime: null, duration: 5400 },
};

function setUp(customer: object, content: object = {}) {
  const getContent = vi.fn(async () => ({ Content: { ...FILM, ...content } }));
  const getContentOpening = vi.fn(async () => ({
    AdaptiveStream: { url: '/media/s/OPEN.SIG/clips/aurora/manifest.mpd', type: 'dash' },
  }));
  const api = { getContent, getContentOpening } as unknown as ApiClient;
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.appData, { Customer: customer });
  return { services: { api, queryClient }, getContent, getContentOpening };
}

describe('contentOpening (decision 044)', () => {
  it('a subscriber’s film opens from the start; its stream is asked only when loaded, for the target', async () => {
    const { services, getContentOpening } = setUp(subscriber);
    const opening = await contentOpening(services, '1001', 'player_dash', { episodes: false });
    expect(opening?.key).toBe('1001@0');
    expect(getContentOpening).not.toHaveBeenCalled();
    expect(await opening!.source()).toEqual({
      stream: { url: '/media/s/OPEN.SIG/clips/aurora/manifest.mpd', type: 'dash' },
      startTime: undefined,
    });
    expect(getContentOpening).toHaveBeenCalledWith({ params: { id: '1001' }, query: { target: 'player_dash' } });
  });

  it('opens where the viewer would resume (spec 2 §4), not in the last seconds', async () => {
    const resumed = setUp(subscriber, { playbackTime: 754 });
    const opening = await contentOpening(resumed.services, '1001', 'player_hls', { episodes: false });
    expect(opening?.key).toBe('1001@754');
    await opening!.source();
    expect(resumed.getContentOpening).toHaveBeenCalledWith({
      params: { id: '1001' },
      query: { target: 'player_hls', start: 754 },
    });
    const ended = setUp(subscriber, { playbackTime: 5395 });
    expect((await contentOpening(ended.services, '1001', 'player_hls', { episodes: false }))?.key).toBe('1001@0');
  });

  it('an episode opens for a buyer of its season or its series (spec 3 §4), not for a buyer of another', async () => {
    const episode = { contentID: 21011, contentListID: 2101, seriesID: 2001, contentType: 'Episode' };
    const bought = (contentType: string, contentTypeID: number) => ({
      ...noRight,
      purchases: [
        {
          status: 'Active',
          units: 1,
          purchaseContent: { contentType, contentTypeID, startDate: null, endDate: null },
        },
      ],
    });
    for (const [buyer, opens] of [
      [bought('ContentList', 2101), true],
      [bought('ContentList', 2001), true],
      [bought('Content', 21011), true],
      [bought('ContentList', 2102), false],
    ] as const) {
      const { services } = setUp(buyer, episode);
      const opening = await contentOpening(services, '21011', 'player_dash', { episodes: true });
      expect(opening?.key ?? null).toBe(opens ? '21011@0' : null);
    }
  });

  it('its key now follows the cached content: a resume point saved after the intent moves it', async () => {
    const { services } = setUp(subscriber, { playbackTime: 754 });
    const opening = await contentOpening(services, '1001', 'player_dash', { episodes: false });
    expect(opening?.keyNow()).toBe('1001@754');
    services.queryClient.setQueryData(queryKeys.content('1001'), { ...FILM, playbackTime: 812 });
    expect(opening?.keyNow()).toBe('1001@812');
    expect(opening?.key).toBe('1001@754');
  });

  it('none for a visitor (not even a read), a viewer without the right to View, or a programme', async () => {
    const anonymous = setUp(visitor);
    expect(await contentOpening(anonymous.services, '1001', 'player_dash', { episodes: true })).toBeNull();
    expect(anonymous.getContent).not.toHaveBeenCalled();
    for (const [customer, content] of [
      [noRight, {}],
      [subscriber, { contentType: 'Programme' }],
    ] as const) {
      const { services } = setUp(customer, content);
      expect(await contentOpening(services, '1001', 'player_dash', { episodes: true })).toBeNull();
    }
  });

  it('an episode only where episodes play on the content player (the TV), not on the web', async () => {
    const episode = { contentType: 'Episode', seriesID: 7 };
    const web = setUp(subscriber, episode);
    expect(await contentOpening(web.services, '2001', 'player_dash', { episodes: false })).toBeNull();
    const tv = setUp(subscriber, episode);
    expect(await contentOpening(tv.services, '2001', 'player_dash', { episodes: true })).not.toBeNull();
  });
});
