import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// spec 2 §4 Remote control: "a remote route is accepted if it is clip, playlist, channel, content
// or content-list with a numeric id; it is rewritten to the player route" — on the TV, a list's
// player route plays the list's contents, not a content of the list's id.

const list = { contentListID: 77, title: 'Soirée courts', contents: [{ contentID: 1005 }, { contentID: 1006 }] };
// The list player asks the list's stream once the app data says who watches (decision 057).
const visitorData = {
  App: { cookieTypes: [], inAppPurchases: [] },
  Customer: { logged: false, consent: null, productAccess: [], hasFullAccess: false, purchases: [], subscriptions: [] },
};

describe('TV list player (/content-list/{id}/player, /playlist/{id}/player)', () => {
  it.each(['content-list', 'playlist'])('/%s/77/player plays the list’s first content', async (type) => {
    const { calls } = renderTv(`/${type}/77/player`, {
      'GET /data': { response: visitorData },
      'GET /content-list/77': { response: { ContentList: list } },
    });
    await waitFor(() => expect(calls).toContain('GET /content/1005'));
    expect(calls).toContain('GET /content-list/77/url/adaptive');
    expect(calls).not.toContain('GET /content/77');
  });

  it('spec 2 §7 /content-list/{id}/url/adaptive: the TV opens the list where the viewer is, through the list’s stream (decision 057)', async () => {
    const content = (contentID: number, title: string) => ({
      ...{ contentID, contentType: 'Film', title },
      ...{ images: {}, duration: 600, playbackTime: 42, percentage: 7, status: 'Processing' },
    });
    const three = { ...list, contents: [content(1005, 'Court 1'), content(1006, 'Court 2'), content(1007, 'Court 3')] };
    const subscriber = {
      ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
    };
    const asked: (string | null)[] = [];
    const { calls } = renderTv('/content-list/77/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: subscriber } },
      'GET /content-list/77': { response: { ContentList: three } },
      'GET /content/1006': { response: { Content: content(1006, 'Court 2') } },
      'GET /content/1007': { response: { Content: content(1007, 'Court 3') } },
      'GET /content-list/77/url/adaptive': (query) => {
        asked.push(query.get('content_id'));
        const id = Number(query.get('content_id') ?? 1006);
        expect(query.get('product_usage')).toBe('View');
        return {
          response: {
            AdaptiveStream: {
              ...{ url: `/media/s/tok/c/${id}/manifest.mpd`, type: 'dash', usage: 'View', tracks: [] },
              ...{ thumbnails: [], signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00Z' },
            },
            Content: content(id, `Court ${id - 1004}`),
          },
        };
      },
    });
    // The list says the viewer is at its second content: that one plays, asked without content_id.
    expect(await screen.findByRole('heading', { level: 1, name: 'Court 2' })).toBeTruthy();
    expect(asked[0]).toBeNull();
    // Next asks the list for its next content by content_id; no content's own stream is asked.
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Court 3' })).toBeTruthy();
    expect(asked).toContain('1007');
    expect(calls.filter((c) => /^GET \/content\/\d+\/url/.test(c))).toEqual([]);
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
