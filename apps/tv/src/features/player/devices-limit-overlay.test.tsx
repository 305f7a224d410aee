import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

const film = {
  ...{ contentID: 1005, contentType: 'Film', title: 'Le Grand Départ' },
  ...{ images: {}, duration: 1500, playbackTime: null },
};
const subscriber = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};
const stream = {
  AdaptiveStream: {
    ...{ url: '/media/s/tok/c/1005/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
  },
};

describe('spec 1 §6 devices limit on the TV: stop another device there and then (decision 061)', () => {
  it('lists the devices holding the places with a stop each; a stop plays the content here', async () => {
    let held = true;
    const { calls } = renderTv('/clip/1005/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: subscriber } },
      'GET /content/1005': { response: { Content: film } },
      'GET /content/1005/url/adaptive': () =>
        held ? { error: 4, reason: 'DevicesLimitReached' } : { response: stream },
      'GET /customer/playback/devices': () => ({
        response: {
          Devices: held
            ? [
                {
                  ID: 'p-tab',
                  name: 'Apple iPad',
                  type: 'Tablet',
                  platform: 'Web',
                  since: '2026-11-28T19:30:00.000Z',
                  isCurrent: false,
                },
              ]
            : [],
        },
      }),
      'POST /customer/playback/devices/stop': () => {
        held = false;
        return { response: { Success: true } };
      },
    });
    // Under a loaded machine the content, its stream and the list take a while.
    const overlay = await screen.findByRole('alertdialog', { name: 'Connexions multiples' }, { timeout: 5000 });
    const stop = await within(overlay).findByRole('button', {
      name: /^Arrêter la lecture sur Apple iPad \(Tablette — Depuis le 28 nov\. 2026/,
    });
    expect(within(overlay).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    fireEvent.click(stop);
    await waitFor(() => expect(calls).toContain('POST /customer/playback/devices/stop'));
    // The refused stream is asked again by itself: the overlay goes, the content plays.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call === 'GET /content/1005/url/adaptive')).toHaveLength(2);
  });
});
