import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// spec 2 §4 Remote control: "a remote route is accepted if it is clip, playlist, channel, content
// or content-list with a numeric id; it is rewritten to the player route" — on the TV, a list's
// player route plays the list's contents, not a content of the list's id.

const list = { contentListID: 77, title: 'Soirée courts', contents: [{ contentID: 1005 }, { contentID: 1006 }] };

describe('TV list player (/content-list/{id}/player, /playlist/{id}/player)', () => {
  it.each(['content-list', 'playlist'])('/%s/77/player plays the list’s first content', async (type) => {
    const { calls } = renderTv(`/${type}/77/player`, {
      'GET /content-list/77': { response: { ContentList: list } },
    });
    await waitFor(() => expect(calls).toContain('GET /content/1005'));
    expect(calls).not.toContain('GET /content/77');
  });

  it('spec 2 §8: an unknown list (21) is the not-found page', async () => {
    renderTv('/content-list/404/player', { 'GET /content-list/404': { error: 21 } });
    // The TV's not-found page, not a player of some other content.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Cette page n’existe pas.');
  });
});

// spec 3 §4 Access rules: "a purchase of the episode, its season or its series opens it". The TV
// asked View only for the episode's own purchase, so a season's buyer was served the preview.
describe('TV content player: who gets the full video (spec 3 §4)', () => {
  const episode = {
    ...{ contentID: 21011, contentListID: 2101, seriesID: 2001, contentType: 'Episode', title: 'Épisode 1' },
    ...{ images: {}, duration: 1500, playbackTime: null },
  };
  const buyerOf = (contentType: string, contentTypeID: number) => ({
    logged: true,
    consent: null,
    productAccess: [],
    hasFullAccess: false,
    // GET /data always answers the customer's subscriptions (spec 1 §3); the product parameter reads them.
    subscriptions: [],
    purchases: [
      { status: 'Active', units: 1, purchaseContent: { contentType, contentTypeID, startDate: null, endDate: null } },
    ],
  });

  it.each([
    ['its season', buyerOf('ContentList', 2101), 'View'],
    ['its series', buyerOf('ContentList', 2001), 'View'],
    ['another season', buyerOf('ContentList', 2102), 'Preview'],
  ])('a buyer of %s asks for %s, once the content says what it is', async (_who, customer, usage) => {
    const asked: (string | null)[] = [];
    renderTv('/clip/21011/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /content/21011': { response: { Content: episode } },
      'GET /content/21011/url/adaptive': (query) => {
        asked.push(query.get('product_usage'));
        return { error: 4 };
      },
    });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked).toEqual([usage]);
  });
});
