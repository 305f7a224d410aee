import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { makeApp, makeChannel, subscriber } from '@/test/fixtures';
import { renderApp, type MockHandler } from '@/test/render-app';
import { fake, resetFake } from '../testing/fake-player';

// Decision 128: the web's channel player zaps onto a warm standby as the TV's does (decision 119):
// the likeliest next channel first in the list the player preloads (its standby holds the first),
// and a zap key rendered within its own press, so the player is told before the key's task ends.
vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

const urlOf = (id: number) => `/media/s/tok/live/${id}/manifest.mpd`;
const streamOf = (id: number) => ({
  response: {
    AdaptiveStream: {
      ...{ url: urlOf(id), type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
});
const ids = [501, 502, 503, 504];
const server: Record<string, MockHandler> = {
  'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
  'GET /channels': { response: { Channels: ids.map((id) => ({ ...makeChannel(id), schedules: [] })) } },
};
for (const id of ids) {
  server[`GET /channel/${id}/schedule`] = { response: { Schedules: [] } };
  server[`GET /channel/${id}/url/adaptive`] = streamOf(id);
}

/** The key as a browser gives it: a plain DOM event, outside testing-library's act (which would flush any render). */
const press = (key: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
const preloads = () => fake.calls.filter((call) => call.startsWith('preload'));

describe('the web channel player’s warm standby (decision 128; spec 2 §2 live player)', () => {
  beforeEach(resetFake);

  it('decision 128: the player keeps a standby; channel up’s neighbour first until the viewer zaps down', async () => {
    const app = renderApp('/channel/502/chaine-502', server);
    await screen.findByTestId('video-player', {}, { timeout: 10_000 });
    await waitFor(() => expect(fake.calls).toContain(`load ${urlOf(502)}`), { timeout: 5000 });
    expect(fake.options?.standby).toBe(true);
    // Its neighbours' URLs answered, the page gives them once this channel plays (after 2 s).
    await waitFor(() => expect(app.callsTo('GET', '/channel/501/url/adaptive')).toHaveLength(1));
    await waitFor(() => expect(app.callsTo('GET', '/channel/503/url/adaptive')).toHaveLength(1));
    act(() => void document.querySelector('video')!.dispatchEvent(new Event('playing')));
    await waitFor(() => expect(preloads()).toContain(`preload ${urlOf(503)} ${urlOf(501)}`), { timeout: 5000 });

    // Channel down: the key's render and the player's zap happen within the key press itself.
    const from = fake.calls.length;
    press('PageDown');
    expect(fake.calls.slice(from)).toContain(`zap ${urlOf(501)}`);
    expect(app.router.state.location.pathname).toBe('/channel/501/chaine-501');
    // After a zap down, channel down's neighbour comes first: the standby holds it. (The new
    // channel's playing is told again until its neighbours' answer has been rendered.)
    await waitFor(
      () => {
        act(() => void document.querySelector('video')!.dispatchEvent(new Event('playing')));
        expect(preloads().at(-1)).toBe(`preload ${urlOf(504)} ${urlOf(502)}`);
      },
      { timeout: 8000, interval: 500 },
    );
  });
});
