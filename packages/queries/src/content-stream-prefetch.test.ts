import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@playz/api-client';
import { prefetchContentStream } from './content';
import { createQueryClient, queryKeys } from './query-client';

// Decision 033 addendum: a first visit's content player page asks its stream as soon as /data and
// the content are in, with the content route's own rule (spec 2 §4 View or Preview, spec 3 §4
// access rules), into the query the page then reads.

const subscriber = { logged: true, hasFullAccess: false, productAccess: ['service'], purchases: [] };
const noRight = { logged: true, hasFullAccess: false, productAccess: [], purchases: [] };
const FILM = { contentID: 1001, contentListID: null, seriesID: null, contentType: 'Film' };
const STREAM = { url: '/media/s/G/clips/ocean/manifest.mpd', type: 'dash', usage: 'View' };

function setUp(customer: object, content: object = FILM) {
  const api = {
    getData: vi.fn(async () => ({ App: {}, Customer: customer })),
    getContent: vi.fn(async () => ({ Content: content })),
    getContentAdaptiveUrl: vi.fn(async () => ({ AdaptiveStream: STREAM })),
  };
  return { api, services: { api: api as unknown as ApiClient, queryClient: createQueryClient() } };
}

describe('prefetchContentStream (decision 033 addendum, first visit)', () => {
  it('asks View for a subscriber’s film, once /data and the content are in, into the page’s own query', async () => {
    const { api, services } = setUp(subscriber);
    await prefetchContentStream(services, '1001', 'player_dash');
    expect(api.getData).toHaveBeenCalledTimes(1);
    expect(api.getContent).toHaveBeenCalledTimes(1);
    expect(api.getContentAdaptiveUrl).toHaveBeenCalledTimes(1);
    expect(api.getContentAdaptiveUrl.mock.calls[0]![0]).toMatchObject({
      params: { id: '1001' },
      query: { product_usage: 'View', target: 'player_dash' },
    });
    // The key the player page's useContentStream reads (no airing).
    expect(services.queryClient.getQueryData(queryKeys.stream('1001', 'View', 'player_dash', null))).toEqual(STREAM);
  });

  it('asks Preview for a viewer without the right (the page shows the preview), and nothing for an episode', async () => {
    const locked = setUp(noRight);
    await prefetchContentStream(locked.services, '1001', 'player_hls');
    expect(locked.api.getContentAdaptiveUrl.mock.calls[0]![0]).toMatchObject({
      query: { product_usage: 'Preview', target: 'player_hls' },
    });
    const episode = setUp(subscriber, { ...FILM, contentID: 21011, contentListID: 2101, seriesID: 2001 });
    await prefetchContentStream(episode.services, '21011', 'player_dash');
    expect(episode.api.getContentAdaptiveUrl).not.toHaveBeenCalled();
  });

  it('reads /data and the content from the cache when the app already has them', async () => {
    const { api, services } = setUp(subscriber);
    services.queryClient.setQueryData(queryKeys.appData, { App: {}, Customer: subscriber });
    services.queryClient.setQueryData(queryKeys.content('1001'), FILM);
    await prefetchContentStream(services, '1001', 'player_dash');
    expect(api.getData).not.toHaveBeenCalled();
    expect(api.getContent).not.toHaveBeenCalled();
    expect(api.getContentAdaptiveUrl).toHaveBeenCalledTimes(1);
  });
});
