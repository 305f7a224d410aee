import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeContent, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@playz/player', async (original) => (await import('@/test/idle-player')).withIdlePlayer(await original()));

const refusal = {
  raw: JSON.stringify({
    Response: null,
    Error: { Number: 4, Message: 'Vous semblez connecté sur plusieurs appareils.', Reason: 'DevicesLimitReached' },
  }),
  status: 403,
};
const stream = {
  response: {
    AdaptiveStream: {
      ...{ url: '/media/s/tok/c/1/manifest.mpd', type: 'dash', usage: 'View', tracks: [], thumbnails: [] },
      ...{ signingCookies: null, contentProtection: null, expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  },
};
const device = (ID: string, name: string, type: string | null) => ({
  ...{ ID, name, type, platform: 'Web', since: '2026-11-28T19:30:00.000Z', isCurrent: false },
});

describe('spec 1 §6 devices-limit dialog: stop another device there and then (decision 061)', () => {
  it('lists the devices holding the places; stopping one asks for the stream again and playback starts', async () => {
    let places = [device('p-tv', 'Sony Bravia XR', 'TV'), device('p-phone', 'Samsung Galaxy S24', 'Mobile')];
    const app = renderApp('/content/1/le-grand-depart', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /content/1': { response: { Content: makeContent(1, { title: 'Le Grand Départ' }) } },
      'GET /content/1/related': { response: { Collection: [] } },
      'GET /content/1/url/adaptive': () => (places.length >= 2 ? refusal : stream),
      'GET /customer/playback/devices': () => ({ response: { Devices: places } }),
      'POST /customer/playback/devices/stop': ({ body }) => {
        places = places.filter((place) => place.ID !== body.get('device_id'));
        return { response: { Success: true } };
      },
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Connexions multiples' });
    expect(dialog).toHaveTextContent('Déconnectez-vous des autres appareils ou patientez quelques minutes.');
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Sony Bravia XRTéléviseur — Depuis le 28 nov\. 2026.*Arrêter$/),
      expect.stringMatching(/^Samsung Galaxy S24Téléphone — Depuis le/),
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Arrêter la lecture sur Sony Bravia XR' }));
    await waitFor(() => expect(app.callsTo('POST', '/customer/playback/devices/stop')).toHaveLength(1));
    expect(app.callsTo('POST', '/customer/playback/devices/stop')[0]?.body.get('device_id')).toBe('p-tv');
    // The dialog closes and the stream refused a moment ago is asked again: it plays.
    expect(await screen.findByTestId('video-player')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.callsTo('GET', '/content/1/url/adaptive')).toHaveLength(2);
    expect(await screen.findByText('Lecture arrêtée sur Sony Bravia XR')).toBeInTheDocument();
    expect(app.router.state.location).toMatchObject({ pathname: '/content/1/le-grand-depart', hash: '' });
  });

  it('keeps the dialog and says so when the stop fails; a place freed meanwhile says to try again', async () => {
    let freed = false;
    // Reached by a link: the dialog opens once per history entry, and a first entry's key is the same in every test.
    const app = renderApp('/series', {
      'GET /data': { response: { App: makeApp(), Customer: subscriber() } },
      'GET /content/1': { response: { Content: makeContent(1) } },
      'GET /content/1/url/adaptive': refusal,
      'GET /customer/playback/devices': () => ({
        response: { Devices: freed ? [] : [device('p-tv', 'Sony Bravia XR', 'TV')] },
      }),
      'POST /customer/playback/devices/stop': () => {
        freed = true;
        return { error: 7, status: 404 };
      },
    });
    await act(async () => app.router.navigate('/content/1/le-grand-depart'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Connexions multiples' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Arrêter la lecture sur Sony Bravia XR' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Une place vient de se libérer : réessayez.');
    expect(screen.getByRole('alertdialog', { name: 'Connexions multiples' })).toBeInTheDocument();
  });
});
