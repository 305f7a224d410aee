import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { makeAdaptiveStream, makeApp, makeChannel, makeContent, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';
import { fake, resetFake } from '../testing/fake-player';

// Decision 111: a first visit's player page whose HTML started the film's opening waits for that
// opening to decode its first frame, then takes it, rather than dropping it and loading again.
vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

const film = makeContent(1, { title: 'Le Grand Départ' });
const server = {
  'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
  'GET /content/1': { response: { Content: film } },
  'GET /content/1/related': { response: { Collection: [] } },
  'GET /content/1/url/adaptive': {
    response: {
      AdaptiveStream: makeAdaptiveStream('/media/s/tok/c/1/manifest.mpd'),
    },
  },
} satisfies Record<string, MockHandler>;

describe('a first visit’s prepared opening (decision 111; spec 2 §2 content player)', () => {
  beforeEach(resetFake);

  it('spec 2 §2: the player waits for the opening still loading, then takes it', async () => {
    fake.pendingOpening = { key: '1@0', settle: () => {} };
    const app = renderApp('/content/1/le-grand-depart', server);
    await waitFor(() => expect(fake.openingCalls).toEqual(['wait 1@0']));
    // The View stream is asked meanwhile (it takes the device place), the player not made yet.
    await waitFor(() => expect(app.callsTo('GET', '/content/1/url/adaptive')).toHaveLength(1));
    expect(fake.created).toBe(0);
    expect(screen.queryByTestId('video-player')).toBeNull();
    await act(async () => fake.pendingOpening!.settle());
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(fake.openingCalls).toEqual(['wait 1@0', 'take 1@0', 'drop']);
    expect(fake.created).toBe(1);
  });

  it('spec 2 §2: without an opening loading, the player is made at once', async () => {
    renderApp('/content/1/le-grand-depart', server);
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(fake.openingCalls).toEqual(['take 1@0', 'drop']);
  });
});

// Decision 138: a first visit's live channel page whose entry started the channel's opening.
const channelServer = {
  'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
  'GET /channels': {
    response: { Channels: [{ ...makeChannel(13, { name: 'Polar', slug: 'polar' }), schedules: [] }] },
  },
  'GET /channel/13/schedule': { response: { Schedules: [] } },
  'GET /channel/13/url/adaptive': {
    response: { AdaptiveStream: makeAdaptiveStream('/live/tok/clips/polar/live.mpd', { window: 'live' }) },
  },
} satisfies Record<string, MockHandler>;

describe('a first visit’s live channel opening (decision 138; spec 2 §2 live channel player)', () => {
  beforeEach(resetFake);

  it('spec 2 §2: the channel’s player waits for the opening still loading, then takes it', async () => {
    fake.pendingOpening = { key: 'channel:13', settle: () => {} };
    renderApp('/channel/13/polar', channelServer);
    await waitFor(() => expect(fake.openingCalls).toEqual(['wait channel:13']));
    expect(fake.created).toBe(0);
    await act(async () => fake.pendingOpening!.settle());
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(fake.openingCalls).toEqual(['wait channel:13', 'take channel:13', 'drop']);
  });

  it('spec 2 §4: a preview takes no channel opening (the page starts its own)', async () => {
    renderApp('/channel/13/polar', {
      ...channelServer,
      'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
    });
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    expect(fake.openingCalls).toEqual(['drop']);
  });
});
