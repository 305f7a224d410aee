import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OPERATOR_TIME_ZONE, zonedInstant, zonedParts } from '@playz/api-contract/admin';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const CHANNEL = { id: 4, name: 'Playz Une', type: 'Playlist' };

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}
const entry = (id: number, day: string, time: string, minutes: number, title: string, rating = 0) => ({
  id,
  contentId: 100 + id,
  title,
  rating,
  // The page shows Paris time (decision 108): the guide's programmes are set on Paris's clock.
  start: new Date(zonedInstant(day, time, OPERATOR_TIME_ZONE)).toISOString(),
  duration: minutes * 60,
});
/** Paris's date and time of an instant the page sent. */
const paris = (iso: string) => zonedParts(Date.parse(iso), OPERATOR_TIME_ZONE);
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** A console whose channel 4 has two programmes each day, and that records what the page sends. */
function consoleWithGuide(refuse?: string) {
  const days = new Map<string, ReturnType<typeof entry>[]>();
  const dayOf = (day: string) => {
    if (!days.has(day))
      days.set(day, [entry(11, day, '10:00', 30, 'Le Journal'), entry(12, day, '20:00', 90, 'Cinéma du soir', 12)]);
    return days.get(day)!;
  };
  const api = fakeConsoleApi({
    'GET /session': () => ({ response: { staff: EDITOR } }),
    'GET /channels/4/schedule': (_, url) => {
      const day = url.searchParams.get('day')!;
      return { response: { channel: CHANNEL, day, entries: dayOf(day) } };
    },
    'POST /channels/4/schedule/11': (body) => {
      if (refuse) return { status: 400, number: 3, message: `schedule.${refuse}` };
      const change = body as { start: string; duration: number };
      const day = paris(change.start).date;
      const moved = { ...dayOf(day)[0]!, ...change };
      days.set(day, [moved, dayOf(day)[1]!]);
      return { response: { entry: moved } };
    },
    'GET /schedule/contents': () => ({
      response: { contents: [{ id: 300, title: 'Cinéma classique', type: 'Movie', duration: 5400, rating: 0 }] },
    }),
    'POST /channels/4/schedule': (body) => {
      const input = body as { contentId: number; start: string; duration: number };
      const added = { id: 13, title: 'Cinéma classique', rating: 0, ...input };
      const day = paris(input.start).date;
      days.set(day, [...dayOf(day), added]);
      return { response: { entry: added } };
    },
  });
  return api;
}

describe('the schedule editor (decision 103; spec 2 §7 channel schedule)', () => {
  it('spec 2 §7 schedule: one day on a timeline, blocks sized by length with title and rating; previous and next day', async () => {
    const api = consoleWithGuide();
    renderAt('/channels/4/schedule');
    await screen.findByRole('heading', { name: 'Grille de Playz Une' });
    // Today is Paris's today (decision 108), asked for in Paris time.
    const today = paris(new Date().toISOString()).date;
    const list = await screen.findByRole('list', { name: `Programmes du ${today}` });
    const blocks = within(list).getAllByRole('listitem');
    expect(blocks.map((b) => b.getAttribute('aria-label'))).toEqual([
      '10:00–10:30 Le Journal, Tous publics',
      '20:00–21:30 Cinéma du soir, -12',
    ]);
    // One pixel a minute from midnight: the evening film is three times as tall as the news.
    expect(blocks[0]!.style.top).toBe('600px');
    expect(blocks[0]!.style.height).toBe('30px');
    expect(blocks[1]!.style.height).toBe('90px');

    fireEvent.click(screen.getByRole('button', { name: 'Jour suivant →' }));
    const next = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await screen.findByRole('list', { name: `Programmes du ${next}` });
    expect(
      api.calls.some(
        (c) =>
          c.route === 'GET /channels/4/schedule' &&
          c.url.searchParams.get('day') === next &&
          c.url.searchParams.get('timeZone') === 'Europe/Paris',
      ),
    ).toBe(true);
    expect(screen.getByLabelText('Jour')).toHaveProperty('value', next);
  }, 20_000);

  it('spec 2 §7 schedule: Alt+↓ on a programme moves it five minutes later; the change is sent, drawn and announced, the focus stays', async () => {
    const api = consoleWithGuide();
    renderAt('/channels/4/schedule');
    const list = await screen.findByRole('list', { name: /^Programmes du/ });
    const news = (await within(list).findAllByRole('listitem'))[0]!;
    expect(news.getAttribute('aria-label')).toBe('10:00–10:30 Le Journal, Tous publics');
    news.focus();
    fireEvent.keyDown(news, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('« Le Journal » : 10:05–10:35.'));
    const sent = api.calls.find((c) => c.route === 'POST /channels/4/schedule/11')!.body as {
      start: string;
      duration: number;
    };
    expect(sent.duration).toBe(1800);
    expect(paris(sent.start).time).toBe('10:05');
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]!.getAttribute('aria-label')).toBe(
        '10:05–10:35 Le Journal, Tous publics',
      ),
    );
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^10:05–10:35 Le Journal/));

    // Shift+↑ makes it five minutes shorter.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp', shiftKey: true });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('« Le Journal » : 10:05–10:30.'));
    const shorter = api.calls.filter((c) => c.route === 'POST /channels/4/schedule/11')[1]!.body;
    expect(shorter).toEqual({ start: plus(sent.start, 0), duration: 1500 });
  });

  it('spec 2 §7 schedule: a programme dragged with the pointer moves, snapped to five minutes; its lower edge changes its length', async () => {
    const api = consoleWithGuide();
    renderAt('/channels/4/schedule');
    const list = await screen.findByRole('list', { name: /^Programmes du/ });
    const news = (await within(list).findAllByRole('listitem'))[0]!;
    const mouse = { pointerId: 1, pointerType: 'mouse', button: 0 };
    const changes = () => api.calls.filter((c) => c.route === 'POST /channels/4/schedule/11');

    // A press that hardly moves is a click: nothing is sent.
    fireEvent.pointerDown(within(news).getByText('Le Journal'), { ...mouse, clientY: 600 });
    fireEvent.pointerMove(news, { ...mouse, clientY: 602 });
    fireEvent.pointerUp(news, { ...mouse, clientY: 602 });
    expect(changes()).toHaveLength(0);

    // 22 px down at a pixel a minute: the block follows at 10:20 (snapped) while dragged.
    fireEvent.pointerDown(within(news).getByText('Le Journal'), { ...mouse, clientY: 600 });
    fireEvent.pointerMove(news, { ...mouse, clientY: 622 });
    expect(news.style.top).toBe('620px');
    expect(within(news).getByText('10:20–10:50')).toBeInTheDocument();
    fireEvent.pointerUp(news, { ...mouse, clientY: 622 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('« Le Journal » : 10:20–10:50.'));
    const moved = changes()[0]!.body as { start: string; duration: number };
    expect(paris(moved.start).time).toBe('10:20');
    expect(moved.duration).toBe(1800);

    // Its lower edge 13 px down: the end snaps from 11:03 to 11:05, 45 minutes long.
    const drawn = await within(list).findByRole('listitem', { name: /^10:20–10:50 Le Journal/ });
    const edge = drawn.querySelector('.schedule-resize')!;
    fireEvent.pointerDown(edge, { ...mouse, clientY: 650 });
    fireEvent.pointerMove(edge, { ...mouse, clientY: 663 });
    expect(drawn.style.height).toBe('45px');
    fireEvent.pointerUp(edge, { ...mouse, clientY: 663 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('« Le Journal » : 10:20–11:05.'));
    expect(changes()[1]!.body).toEqual({ start: moved.start, duration: 2700 });

    // Escape while dragging puts the block back and sends nothing.
    const again = await within(list).findByRole('listitem', { name: /^10:20–11:05 Le Journal/ });
    fireEvent.pointerDown(within(again).getByText('Le Journal'), { ...mouse, clientY: 620 });
    fireEvent.pointerMove(again, { ...mouse, clientY: 680 });
    expect(again.style.top).toBe('680px');
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(again.style.top).toBe('620px');
    fireEvent.pointerUp(again, { ...mouse, clientY: 680 });
    expect(changes()).toHaveLength(2);
  });

  it('spec 2 §7 schedule: an overlap is refused with a clear reason in the staff member’s language', async () => {
    consoleWithGuide('overlap');
    renderAt('/channels/4/schedule');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Le Journal 10:00' }));
    const form = (await screen.findByRole('heading', { name: 'Modifier « Le Journal »' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Début (Paris)'), { target: { value: '19:45' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce créneau chevauche un autre programme de la chaîne.',
    );
  });

  it('spec 2 §7 schedule: an editor finds a content in the catalogue and adds it at a time and length', async () => {
    const api = consoleWithGuide();
    renderAt('/channels/4/schedule');
    await screen.findByRole('list', { name: /^Programmes du/ });
    fireEvent.change(screen.getByLabelText('Chercher un contenu du catalogue'), { target: { value: 'ciné' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir Cinéma classique' }));
    const form = screen.getByRole('heading', { name: 'Ajouter un programme' }).closest('form')!;
    // The length follows the content's; the start, the end of the day's last programme.
    expect(within(form).getByLabelText('Durée (minutes)')).toHaveProperty('value', '90');
    expect(within(form).getByLabelText('Début (Paris)')).toHaveProperty('value', '21:30');
    fireEvent.change(within(form).getByLabelText('Début (Paris)'), { target: { value: '22:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter à la grille' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('« Cinéma classique » : 22:00–23:30.'));
    const sent = api.calls.find((c) => c.route === 'POST /channels/4/schedule')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ contentId: 300, duration: 5400 });
    expect(paris(String(sent.start)).time).toBe('22:00');
    expect(api.calls.find((c) => c.route === 'GET /schedule/contents')!.url.searchParams.get('q')).toBe('ciné');
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((b) => b.getAttribute('aria-label'))).toContain(
        '22:00–23:30 Cinéma classique, Tous publics',
      ),
    );
  });

  it('decision 108: the last Sunday of March in Paris has 23 hours (no 02:00); a programme typed at 03:00 is sent as 01:00 UTC', async () => {
    const api = consoleWithGuide();
    renderAt('/channels/4/schedule');
    await screen.findByRole('list', { name: /^Programmes du/ });
    fireEvent.change(screen.getByLabelText('Jour'), { target: { value: '2026-03-29' } });
    const list = await screen.findByRole('list', { name: 'Programmes du 2026-03-29' });
    const marks = Array.from(document.querySelectorAll('.schedule-hour')).map((m) => m.textContent);
    expect(marks).toHaveLength(23);
    expect(marks.slice(0, 4)).toEqual(['00:00', '01:00', '03:00', '04:00']);
    // 10:00 in Paris is 9 hours after midnight that day: 540 px, not 600.
    const blocks = within(list).getAllByRole('listitem');
    expect(blocks[0]!.getAttribute('aria-label')).toBe('10:00–10:30 Le Journal, Tous publics');
    expect(blocks[0]!.style.top).toBe('540px');

    fireEvent.change(screen.getByLabelText('Chercher un contenu du catalogue'), { target: { value: 'ciné' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir Cinéma classique' }));
    const form = screen.getByRole('heading', { name: 'Ajouter un programme' }).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Début (Paris)'), { target: { value: '03:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter à la grille' }));
    await waitFor(() => expect(api.calls.some((c) => c.route === 'POST /channels/4/schedule')).toBe(true));
    const sent = api.calls.find((c) => c.route === 'POST /channels/4/schedule')!.body as { start: string };
    expect(sent.start).toBe('2026-03-29T01:00:00.000Z');
  }, 20_000);

  it('decision 108: the last Sunday of October in Paris has 25 hours, 02:00 twice; the evening film sits 21 hours down', async () => {
    consoleWithGuide();
    renderAt('/channels/4/schedule');
    await screen.findByRole('list', { name: /^Programmes du/ });
    fireEvent.change(screen.getByLabelText('Jour'), { target: { value: '2026-10-25' } });
    const list = await screen.findByRole('list', { name: 'Programmes du 2026-10-25' });
    const marks = Array.from(document.querySelectorAll('.schedule-hour')).map((m) => m.textContent);
    expect(marks).toHaveLength(25);
    expect(marks.slice(0, 5)).toEqual(['00:00', '01:00', '02:00', '02:00', '03:00']);
    const film = within(list).getAllByRole('listitem')[1]!;
    expect(film.getAttribute('aria-label')).toBe('20:00–21:30 Cinéma du soir, -12');
    expect(film.style.top).toBe(`${21 * 60}px`);
  });
});
