import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const SUPPORT = { ...ANA, id: 6, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };

const event = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  texts: { fr: { name, description: 'Desc' }, en: {}, nl: {}, es: {} },
  channelId: 20,
  channelName: 'Événements',
  // 19:30 UTC in winter is 20:30 in Paris.
  start: '2026-12-05T19:30:00.000Z',
  durationMinutes: 120,
  leadMinutes: 15,
  countdownType: 'Image',
  passOfferId: null,
  poster: null,
  locationName: null,
  locationAddress: null,
  state: 'Pending',
  hiddenAt: null as string | null,
  replay: null as { id: number; title: string } | null,
  ...extra,
});
const channels = [{ id: 20, name: 'Événements', type: 'Stream', logo: null, genre: 'x', position: 1, hiddenAt: null }];
const passOffers = [{ id: 22, name: 'Pass événement', price: 4.99 }];

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}

describe('live events in the console (decision 108; spec 2 §3 Live event)', () => {
  it('spec 2 §3: the list shows each event in Paris time with its state; an editor creates one in four languages, the Paris time sent as UTC', async () => {
    let events = [event(1, 'Nuit du jazz')];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /live-events': () => ({ response: { events, passOffers } }),
      'GET /channels': () => ({ response: { channels } }),
      'POST /live-events': (body) => {
        const created = event(2, 'Gala', { start: (body as { start: string }).start });
        events = [created, ...events];
        return { response: { event: created } };
      },
    });
    renderAt('/live-events');
    await screen.findByRole('heading', { name: 'Événements en direct' });
    const row = (await screen.findByText(/Nuit du jazz/)).closest('tr')!;
    expect(within(row).getByText('05/12/2026 20:30')).toBeInTheDocument();
    expect(within(row).getByText('À venir')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Nouvel événement' }));
    fireEvent.change(screen.getByLabelText('Nom (Français)'), { target: { value: 'Gala' } });
    fireEvent.change(screen.getByLabelText('Nom (Anglais)'), { target: { value: 'Gala night' } });
    await screen.findByRole('option', { name: 'Événements' });
    fireEvent.change(screen.getByLabelText('Chaîne'), { target: { value: '20' } });
    // The last Sunday of March: 21:00 in Paris is already summer time (UTC+2).
    fireEvent.change(screen.getByLabelText('Date (Paris)'), { target: { value: '2027-03-28' } });
    fireEvent.change(screen.getByLabelText('Heure (Paris)'), { target: { value: '21:00' } });
    fireEvent.change(screen.getByLabelText('Pendant le compte à rebours'), { target: { value: 'Video' } });
    fireEvent.change(screen.getByLabelText('Pass'), { target: { value: '22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(api.calls.some((c) => c.route === 'POST /live-events')).toBe(true));
    expect(api.calls.find((c) => c.route === 'POST /live-events')!.body).toMatchObject({
      texts: { fr: { name: 'Gala', description: '' }, en: { name: 'Gala night' }, nl: {}, es: {} },
      channelId: 20,
      start: '2027-03-28T19:00:00.000Z',
      countdownType: 'Video',
      passOfferId: 22,
      poster: null,
    });
    expect((await screen.findByRole('status')).textContent).toBe('« Gala » est enregistré.');
    await screen.findByRole('heading', { name: 'Modifier « Gala »' });
  }, 20_000);

  it('spec 2 §8 error 3: a refusal is said with its reason in the member’s language', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /live-events': () => ({ response: { events: [event(1, 'Nuit du jazz')], passOffers } }),
      'GET /channels': () => ({ response: { channels } }),
      'POST /live-events/1': () => ({ status: 400, number: 3, message: 'liveEvent.offer' }),
    });
    renderAt('/live-events');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Nuit du jazz' }));
    expect((screen.getByLabelText('Heure (Paris)') as HTMLInputElement).value).toBe('20:30');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette offre ne vend pas de pass.');
  });

  it('spec 2 §3 replay: an ended event takes a catalogue content as its replay; one to come says it must end first', async () => {
    let past = event(3, 'Concert', { state: 'Past' });
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /live-events': () => ({ response: { events: [past, event(4, 'Gala')], passOffers } }),
      'GET /channels': () => ({ response: { channels } }),
      'GET /schedule/contents': () => ({
        response: { contents: [{ id: 700, title: 'Concert au Zénith', type: 'Clip', duration: 7200, rating: 0 }] },
      }),
      'POST /live-events/3/replay': (body) => {
        past = { ...past, replay: { id: (body as { contentId: number }).contentId, title: 'Concert au Zénith' } };
        return { response: { event: past } };
      },
    });
    renderAt('/live-events');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Gala' }));
    expect(screen.getByText('Le replay s’ajoute une fois l’événement terminé.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Modifier Concert' }));
    fireEvent.change(await screen.findByLabelText('Chercher un contenu du catalogue'), { target: { value: 'conc' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir Concert au Zénith comme replay' }));
    await screen.findByText('Replay actuel : Concert au Zénith');
    expect(api.calls.find((c) => c.route === 'POST /live-events/3/replay')!.body).toEqual({ contentId: 700 });
  }, 20_000);

  it('spec 2 §7 /live-events/: cancelling an event marks it hidden with a button to show it again', async () => {
    let events = [event(1, 'Nuit du jazz')];
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /live-events': () => ({ response: { events, passOffers } }),
      'GET /channels': () => ({ response: { channels } }),
      'POST /live-events/1/hide': () => {
        events = [{ ...events[0]!, hiddenAt: '2026-11-29T10:00:00.000Z' }];
        return { response: { event: events[0], repeated: false } };
      },
    });
    renderAt('/live-events');
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler ou masquer Nuit du jazz' }));
    await screen.findByRole('button', { name: 'Afficher Nuit du jazz' });
    expect(screen.getByText('À venir · Masqué')).toBeInTheDocument();
  });

  it('decision 080: support has no live events section', async () => {
    fakeConsoleApi({ 'GET /session': () => ({ response: { staff: SUPPORT } }) });
    renderAt('/live-events');
    await screen.findByRole('navigation');
    expect(screen.queryByRole('link', { name: 'Événements' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Événements en direct' })).toBeNull();
  });
});
