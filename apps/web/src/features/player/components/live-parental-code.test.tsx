import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeApp, makeChannel, makeContent, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler, type MockReply } from '@/test/render-app';

// A live channel and the ratings of its programmes (spec 1 §6 "a parental code protects content",
// decisions 059 and 064): zapping into a programme at or above the account's threshold asks for the
// code; a running stream that reaches such a programme stops and asks; a kids profile is told the
// programme is not for it.

vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

const STREAM = {
  response: {
    AdaptiveStream: {
      ...{ url: '/media/s/tok/live.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
};
const refusal = (reason: string): MockReply => ({
  raw: JSON.stringify({ Response: null, Error: { Number: 4, Message: reason, Reason: reason } }),
  status: 403,
});
const airing = (scheduleID: number, contentID: number, title: string, rating: number, start: number, end: number) => ({
  scheduleID,
  dateScheduled: new Date(start).toISOString(),
  duration: (end - start) / 1000,
  content: makeContent(contentID, { contentType: 'Programme', title, rating }),
});
const box = (n: number) => screen.getByLabelText(`Chiffre ${n} sur 4`) as HTMLInputElement;
const typeCode = (code: string) =>
  [...code].forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));

/** Channel 13 with `schedules`; its stream answers `streamOf(proof)`. */
function server(
  customer: ReturnType<typeof subscriber>,
  schedules: ReturnType<typeof airing>[],
  streamOf: (proof: string | null) => MockReply,
  programme = 5132,
) {
  return {
    'GET /data': { response: { App: makeApp(), Customer: customer } },
    'GET /channels': { response: { Channels: [{ ...makeChannel(13, { name: 'Polar', slug: 'polar' }), schedules }] } },
    'GET /channel/13/schedule': { response: { Schedules: schedules } },
    'GET /channel/13/url/adaptive': ({ query }) => streamOf(query.get('parental_proof')),
    'POST /customer/parental-code/check': (request) =>
      request.body.get('code') === '2468' && request.body.get('content_id') === String(programme)
        ? {
            response: {
              Valid: true,
              ParentalProof: { proof: `${programme}.1900000000.proof`, expiresAt: '2030-01-01T00:00:00.000Z' },
            },
          }
        : { response: { Valid: false } },
  } satisfies Record<string, MockHandler>;
}

const withCode = subscriber({ hasParentalCode: true, parentalThreshold: 16 });

describe('spec 1 §6 parental code on the live channel player (decision 064)', () => {
  it('spec 1 §6 parental code: zapping into a -16 programme on air asks the code; the right one plays the channel', async () => {
    const now = Date.now();
    const app = renderApp(
      '/channel/13/polar',
      server(withCode, [airing(1, 5132, 'Cold case', 16, now - 600_000, now + 3_000_000)], (proof) =>
        proof === '5132.1900000000.proof' ? STREAM : refusal('ParentalCodeRequired'),
      ),
    );
    await screen.findByRole('region', { name: 'Code parental' }, { timeout: 5000 });
    expect(screen.queryByTestId('video-player')).toBeNull();
    typeCode('2468');
    await screen.findByTestId('video-player');
    expect(app.callsTo('GET', '/channel/13/url/adaptive').at(-1)?.query.get('parental_proof')).toBe(
      '5132.1900000000.proof',
    );
  });

  it('spec 1 §6 parental code: a running stream that reaches a -16 programme stops and asks the code', async () => {
    const boundary = Date.now() + 1500;
    const app = renderApp(
      '/channel/13/polar',
      server(
        withCode,
        [
          airing(1, 5040, 'Journal', 0, boundary - 600_000, boundary),
          airing(2, 5133, 'Cold case 2', 16, boundary, boundary + 3_000_000),
        ],
        (proof) =>
          Date.now() < boundary || proof === '5133.1900000000.proof' ? STREAM : refusal('ParentalCodeRequired'),
        5133,
      ),
    );
    await screen.findByTestId('video-player', {}, { timeout: 5000 });
    // At the programme's start: the picture goes, the code is asked, the stream is asked again.
    await screen.findByRole('region', { name: 'Code parental' }, { timeout: 6000 });
    expect(screen.queryByTestId('video-player')).toBeNull();
    await waitFor(() => expect(app.callsTo('GET', '/channel/13/url/adaptive').length).toBeGreaterThanOrEqual(2));
    typeCode('2468');
    await screen.findByTestId('video-player');
  });

  it('spec 1 §6 kids profile: a running stream that reaches a -16 programme stops and says it is not for this profile', async () => {
    const boundary = Date.now() + 1500;
    const kids = subscriber({
      profiles: [
        {
          ...{ UUID: 'kid', userName: 'Léo', posterUrl: null, previewUrl: null, thumbnailUrl: null },
          ...{ profilePictureID: null, isKids: true },
        },
      ],
      currentProfileIndex: 0,
    });
    // The kids profile's guide leaves the -16 programme out (decision 059): after the news, a gap.
    renderApp(
      '/channel/13/polar',
      server(kids, [airing(1, 5040, 'Journal', 0, boundary - 600_000, boundary)], () =>
        Date.now() < boundary ? STREAM : refusal('NotForKidsProfile'),
      ),
    );
    await screen.findByTestId('video-player', {}, { timeout: 5000 });
    expect(
      await screen.findByText("Ce programme n'est pas disponible sur un profil enfant.", {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('video-player')).toBeNull();
  });
});
