import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

// Decision 115: the artwork panel of the series and live event editors shows the pictures viewers
// see now (read from the console's artwork calls), and replaces them: a picture picked is
// previewed, sent as base64, and the picture the server made replaces the preview.

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const text = (title: string) => ({ title, synopsis: '' });
const series = {
  id: 9001,
  texts: { fr: text('Les Veilleurs'), en: text('The Watchers'), nl: text(''), es: text('') },
  rating: 12,
  published: true,
  posterUrl: '/media/posters/veilleurs.jpg',
  seasons: [{ id: 9101, number: 1, name: 'Saison 1', episodes: [] }],
};
const event = {
  id: 7,
  texts: { fr: { name: 'Nuit du jazz', description: 'Desc' }, en: {}, nl: {}, es: {} },
  channelId: 20,
  channelName: 'Événements',
  start: '2026-12-05T19:30:00.000Z',
  durationMinutes: 120,
  leadMinutes: 15,
  countdownType: 'Image',
  passOfferId: null,
  poster: 'posters/jazz.jpg',
  locationName: null,
  locationAddress: null,
  state: 'Pending',
  hiddenAt: null,
  replay: null,
};
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Uint8Array(32)])], 'key-art.png', { type: 'image/png' });

function renderAt(path: string, locale: 'fr' | 'en' = 'en') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

afterEach(() => vi.unstubAllGlobals());

const LIMIT = { timeout: 20_000 };

describe('spec console §Catalogue: artwork of series and live events (decision 115)', LIMIT, () => {
  it('decision 115 the series editor shows the current poster, its 2:3 portrait and backdrop; a new backdrop is sent and replaces it', async () => {
    const backdrop = '/media/artwork/series-9001/backdrop-0123456789abcdef.jpg';
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series/9001': () => ({ response: { series } }),
      'GET /catalogue/series/9001/artwork': () => ({
        response: {
          images: {
            landscape: '/media/posters/veilleurs.jpg',
            portrait: '/media/posters/veilleurs-portrait.jpg',
            backdrop: null,
          },
        },
      }),
      'POST /catalogue/series/9001/artwork': () => ({
        response: {
          images: {
            landscape: '/media/posters/veilleurs.jpg',
            portrait: '/media/posters/veilleurs-portrait.jpg',
            backdrop,
          },
        },
      }),
    });
    renderAt('/series/9001');
    const panel = await screen.findByRole('region', { name: 'Artwork' });
    await waitFor(() =>
      expect(within(panel).getAllByAltText('Preview')[0]!.getAttribute('src')).toBe('/media/posters/veilleurs.jpg'),
    );
    expect(within(panel).getByAltText('2:3 poster').getAttribute('src')).toBe('/media/posters/veilleurs-portrait.jpg');
    // No backdrop yet: said so.
    expect(within(panel).getByText('No picture.')).toBeInTheDocument();
    const file = png();
    fireEvent.change(within(panel).getByLabelText('Backdrop'), { target: { files: [file] } });
    const send = within(panel).getByRole('button', { name: 'Send the backdrop' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(await within(panel).findByText('Picture saved: viewers see it now.')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.route === 'POST /catalogue/series/9001/artwork')!;
    expect(sent.body).toEqual({
      kind: 'backdrop',
      data: Buffer.from(new Uint8Array(await file.arrayBuffer())).toString('base64'),
    });
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByAltText('Preview')
          .map((img) => img.getAttribute('src')),
      ).toContain(backdrop),
    );
  });

  it('decision 115 a series poster sent: the series is read again with its new poster, the panel reads its pictures again and still says it was saved', async () => {
    const landscape = '/media/artwork/series-9001/poster-0123456789abcdef.jpg';
    let current = series;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /series/9001': () => ({ response: { series: current } }),
      'GET /catalogue/series/9001/artwork': () => ({
        response: { images: { landscape: current.posterUrl, portrait: null, backdrop: null } },
      }),
      'POST /catalogue/series/9001/artwork': () => {
        current = { ...series, posterUrl: landscape };
        return { response: { images: { landscape, portrait: null, backdrop: null } } };
      },
    });
    renderAt('/series/9001');
    const panel = await screen.findByRole('region', { name: 'Artwork' });
    fireEvent.change(await within(panel).findByLabelText('Poster'), { target: { files: [png()] } });
    const send = within(panel).getByRole('button', { name: 'Send the poster' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    // The series' own read follows (its poster changed), and the panel's with it.
    await waitFor(() => expect(api.calls.filter((c) => c.route === 'GET /series/9001').length).toBeGreaterThan(1));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.route === 'GET /catalogue/series/9001/artwork').length).toBeGreaterThan(1),
    );
    expect(within(panel).getByText('Picture saved: viewers see it now.')).toBeInTheDocument();
    expect(within(panel).getAllByAltText('Preview')[0]!.getAttribute('src')).toBe(landscape);
  });

  it('decision 115 a live event has one picture: the editor shows it, sends a new one, and the form keeps the new path', async () => {
    const made = '/media/artwork/event-7/backdrop-0123456789abcdef.jpg';
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /live-events': () => ({ response: { events: [event], passOffers: [] } }),
      'GET /channels': () => ({ response: { channels: [] } }),
      'GET /catalogue/live-events/7/artwork': () => ({
        response: {
          images: {
            landscape: '/media/posters/jazz.jpg',
            portrait: '/media/posters/jazz.jpg',
            backdrop: '/media/posters/jazz.jpg',
          },
        },
      }),
      'POST /catalogue/live-events/7/artwork': () => ({
        response: { images: { landscape: made, portrait: made, backdrop: made } },
      }),
      'POST /live-events/7': () => ({ response: { event: { ...event, poster: made.slice('/media/'.length) } } }),
    });
    renderAt('/live-events', 'fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Nuit du jazz' }));
    const panel = await screen.findByRole('region', { name: 'Visuels' });
    await waitFor(() =>
      expect(within(panel).getByAltText('Aperçu').getAttribute('src')).toBe('/media/posters/jazz.jpg'),
    );
    // One field: no backdrop of its own, no 2:3 portrait.
    expect(within(panel).queryByLabelText('Image de fond')).toBeNull();
    expect(within(panel).queryByAltText('Affiche 2:3')).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Affiche'), { target: { files: [png()] } });
    const send = within(panel).getByRole('button', { name: 'Envoyer l’affiche' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(within(panel).getByAltText('Aperçu').getAttribute('src')).toBe(made));
    expect(api.calls.find((c) => c.route === 'POST /catalogue/live-events/7/artwork')!.body).toMatchObject({
      kind: 'poster',
    });
    // Saving the form afterwards keeps the new picture, not the path the form was opened with.
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.some((c) => c.route === 'POST /live-events/7')).toBe(true));
    expect(api.calls.find((c) => c.route === 'POST /live-events/7')!.body).toMatchObject({
      poster: 'artwork/event-7/backdrop-0123456789abcdef.jpg',
    });
  });
});
