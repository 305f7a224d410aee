import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderTv, type Reply } from '@/test/render-tv';

const subscriber = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
  ...{ profiles: [], currentProfileIndex: 0, hasParentalCode: true, parentalThreshold: 16 },
};
const stream = (channelID: number) => ({
  AdaptiveStream: {
    ...{ url: `/media/s/tok/l/${channelID}/manifest.mpd`, type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
  },
});
const valid = (contentID: number): Reply => ({
  response: { Valid: true, ParentalProof: { proof: `proof-${contentID}`, expiresAt: '2030-01-01T00:00:00.000Z' } },
});
const type = (digits: string) => {
  for (const key of digits) act(() => void fireEvent.keyDown(window, { key }));
};

// A live channel (decision 064): zapping into a programme at or above the threshold asks for the
// code, and a running stream that reaches one stops and asks.
describe('spec 1 §6 parental code on the TV channel player (decision 064)', () => {
  const airing = (
    scheduleID: number,
    contentID: number,
    title: string,
    rating: number,
    start: number,
    end: number,
  ) => ({
    ...{ scheduleID, dateScheduled: new Date(start).toISOString(), duration: (end - start) / 1000 },
    content: { contentID, contentType: 'Programme', title, rating, enabled: true, images: {}, duration: 0 },
  });
  const renderChannel = (
    schedules: ReturnType<typeof airing>[],
    streamOf: (proof: string | null) => Reply,
    programme: number,
  ) => {
    const proofs: (string | null)[] = [];
    const rendered = renderTv('/channel/13/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: subscriber } },
      'GET /channels': {
        response: {
          Channels: [
            {
              ...{ channelID: 13, name: 'Polar', channelType: 'Playlist', streamState: null, schedules },
              ...{ posterUrl: null, images: { backdrop: null } },
            },
          ],
        },
      },
      'GET /channel/13/url/adaptive': (query) => {
        proofs.push(query.get('parental_proof'));
        return streamOf(query.get('parental_proof'));
      },
      'POST /customer/parental-code/check': () => valid(programme),
    });
    return { ...rendered, proofs };
  };

  it('spec 1 §6 parental code: zapping into a -16 programme asks the code; the right one plays the channel with its proof', async () => {
    const now = Date.now();
    const { proofs } = renderChannel(
      [airing(1, 5132, 'Cold case', 16, now - 600_000, now + 3_000_000)],
      (proof) => (proof === 'proof-5132' ? { response: stream(13) } : { error: 4, reason: 'ParentalCodeRequired' }),
      5132,
    );
    await screen.findByRole('dialog', { name: 'Code parental' }, { timeout: 5000 });
    type('2468');
    await waitFor(() => expect(proofs.at(-1)).toBe('proof-5132'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Code parental' })).toBeNull());
  });

  it('spec 1 §6 parental code: a running stream that reaches a -16 programme stops and asks the code', async () => {
    const boundary = Date.now() + 1500;
    const { proofs } = renderChannel(
      [
        airing(1, 5040, 'Journal', 0, boundary - 600_000, boundary),
        airing(2, 5133, 'Cold case 2', 16, boundary, boundary + 3_000_000),
      ],
      (proof) =>
        Date.now() < boundary || proof === 'proof-5133'
          ? { response: stream(13) }
          : { error: 4, reason: 'ParentalCodeRequired' },
      5133,
    );
    await waitFor(() => expect(proofs.length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: 'Code parental' })).toBeNull();
    await screen.findByRole('dialog', { name: 'Code parental' }, { timeout: 6000 });
    // The stream is asked again at the programme's start, so the server judges it too.
    await waitFor(() => expect(proofs.length).toBeGreaterThanOrEqual(2));
  });
});
