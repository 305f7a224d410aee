import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

const EDITOR = { ...ANA, id: 5, email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] };
const SUPPORT = { ...ANA, id: 6, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };
const channel = (id: number, name: string, position: number, extra: { type?: string } = {}) => ({
  id,
  name,
  type: 'Playlist',
  logo: `/images/${id}.png`,
  genre: 'general',
  position,
  hiddenAt: null as string | null,
  ...extra,
});

function renderAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale="fr" />);
}
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent);

describe('channels in the console (decision 102; spec 2 channels)', () => {
  it('spec 2 GET /channels: an editor moves a channel down with the keyboard; the new order is sent and announced, the focus stays', async () => {
    let channels = [
      channel(1, 'Playz Une', 1),
      channel(2, 'Auto Moto', 2, { type: 'Stream' }),
      channel(3, 'Cinéma', 3),
    ];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /channels': () => ({ response: { channels } }),
      'POST /channels/order': (body) => {
        const ids = (body as { ids: number[] }).ids;
        channels = ids.map((id, i) => ({ ...channels.find((c) => c.id === id)!, position: i + 1 }));
        return { response: { channels } };
      },
    });
    renderAt('/channels');
    await screen.findByRole('heading', { name: 'Chaînes' });
    await waitFor(() => expect(names()).toEqual(['Playz Une #1', 'Auto Moto #2', 'Cinéma #3']));
    expect(screen.getByText('En direct')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monter Playz Une' })).toHaveProperty('disabled', true);

    const down = screen.getByRole('button', { name: 'Descendre Playz Une' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(names()).toEqual(['Auto Moto #2', 'Playz Une #1', 'Cinéma #3']));
    expect(api.calls.find((c) => c.route === 'POST /channels/order')?.body).toEqual({ ids: [2, 1, 3] });
    expect(screen.getByRole('status').textContent).toBe('Playz Une est maintenant à la place 2.');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre Playz Une' })),
    );
  });

  it('spec 2 GET /channels: hiding a channel shows it hidden with a button to show it again', async () => {
    let channels = [channel(1, 'Playz Une', 1), channel(2, 'Auto Moto', 2)];
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /channels': () => ({ response: { channels } }),
      'POST /channels/2/hide': () => {
        channels = [channels[0]!, { ...channels[1]!, hiddenAt: '2026-11-29T10:00:00.000Z' }];
        return { response: { channel: channels[1], repeated: false } };
      },
    });
    renderAt('/channels');
    fireEvent.click(await screen.findByRole('button', { name: 'Masquer Auto Moto' }));
    await screen.findByRole('button', { name: 'Afficher Auto Moto' });
    expect(screen.getByText('Masquée')).toBeInTheDocument();
    expect(api.calls.map((c) => c.route)).toContain('POST /channels/2/hide');
  });

  it('spec 2 GET /channels: a refused order says so and keeps the list as the server has it', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /channels': () => ({ response: { channels: [channel(1, 'Playz Une', 1), channel(2, 'Auto Moto', 2)] } }),
      'POST /channels/order': () => ({ status: 400, number: 3 }),
    });
    renderAt('/channels');
    fireEvent.click(await screen.findByRole('button', { name: 'Descendre Playz Une' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La modification n’a pas été enregistrée. Rechargez la liste et réessayez.',
    );
    expect(names()).toEqual(['Playz Une #1', 'Auto Moto #2']);
  });

  it('decision 080: support has no channels section', async () => {
    fakeConsoleApi({ 'GET /session': () => ({ response: { staff: SUPPORT } }) });
    renderAt('/channels');
    await screen.findByRole('navigation');
    expect(screen.queryByRole('link', { name: 'Chaînes' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Chaînes' })).toBeNull();
  });
});
