import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };

const event = (id: number, name: string) => ({
  id,
  texts: { fr: { name, description: '' }, en: {}, nl: {}, es: {} },
  channelId: 20,
  channelName: 'Événements',
  start: '2026-12-05T19:30:00.000Z',
  durationMinutes: 120,
  leadMinutes: 15,
  countdownType: 'Image',
  passOfferId: null,
  poster: null,
  locationName: null,
  locationAddress: null,
  state: 'Pending',
  hiddenAt: null,
  replay: null,
});

describe('the live events list a page at a time (decision 116)', () => {
  it('spec 2 §3 Live event: Next asks with the server’s cursor as it came, Previous with the one the page before was read with', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /channels': () => ({ response: { channels: [] } }),
      'GET /live-events': (_, url) =>
        url.searchParams.get('after') === 'cursor-after-2'
          ? { response: { events: [event(1, 'Le plus ancien')], passOffers: [], next: null } }
          : { response: { events: [event(3, 'Gala'), event(2, 'Concert')], passOffers: [], next: 'cursor-after-2' } },
    });
    window.history.pushState({}, '', '/admin/live-events');
    render(<App locale="fr" />);
    await screen.findByText(/Gala/);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByText(/Le plus ancien/);
    expect(screen.queryByText(/Gala/)).toBeNull();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    const asked = api.calls.filter((c) => c.route === 'GET /live-events').map((c) => c.url.searchParams.get('after'));
    expect(asked).toEqual([null, 'cursor-after-2']);

    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    await screen.findByText(/Gala/);
    await waitFor(() => expect(screen.getByText('Page 1')).toBeInTheDocument());
  });
});
