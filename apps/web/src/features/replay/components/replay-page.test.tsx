import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeApp, makeChannel, makeContent, makeCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const byChannel = {
  response: {
    Collections: [
      {
        ID: 'channel-1',
        name: 'Playz Info',
        channelID: 1,
        contents: [makeContent(5010, { title: 'Le Journal', slug: 'le-journal', contentType: 'Programme' })],
      },
      { ID: 'channel-2', name: 'Playz Sport', channelID: 2, contents: [] },
    ],
  },
};
const byGenre = {
  response: {
    Collections: [
      { ID: 'comedie', name: 'Comédie', channelID: null, contents: [makeContent(1003, { title: 'Les Aurores' })] },
    ],
  },
};

function render(path: string) {
  return renderApp(path, {
    'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
    'GET /replay/channels': byChannel,
    'GET /replay/genres': byGenre,
    'GET /replay/last-hours': { response: { Collection: [makeContent(5020, { title: 'Rallye' })] } },
    'GET /channels': { response: { Channels: [{ ...makeChannel(1), schedules: [] }] } },
  });
}

describe('replay tabs (spec 2 §2 /replay/channels and /replay/genres)', () => {
  it('by channel: one row per channel headed by its round logo, channels without programmes left out', async () => {
    render('/replay/channels');
    const row = await screen.findByRole('region', { name: 'Playz Info' });
    expect(within(row).getByRole('link', { name: /^Le Journal( |$)/ })).toHaveAttribute(
      'href',
      '/content/5010/le-journal',
    );
    await waitFor(() => expect(row.querySelector('.replay-row__logo img')).toHaveAttribute('src', '/media/logo/1.png'));
    expect(screen.queryByRole('region', { name: 'Playz Sport' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Par chaîne' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'replay-tab-channels');
  });

  it('switches to the genre rows with the tab, and back with the arrow keys', async () => {
    const app = render('/replay/channels');
    await screen.findByRole('region', { name: 'Playz Info' });
    fireEvent.click(screen.getByRole('tab', { name: 'Par programme' }));
    expect(await screen.findByRole('region', { name: 'Comédie' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/replay/genres');
    expect(screen.getByRole('tab', { name: 'Par programme' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('region', { name: 'Playz Info' })).toBeNull();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Par programme' }), { key: 'ArrowLeft' });
    expect(await screen.findByRole('region', { name: 'Playz Info' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/replay/channels');
  });

  it('lists the programmes of the last 24 hours beside the rows', async () => {
    render('/replay/genres');
    const lastHours = await screen.findByRole('region', { name: 'Dernières 24 heures' });
    expect(await within(lastHours).findByRole('link', { name: /^Rallye( |$)/ })).toBeInTheDocument();
  });

  it('/replay opens the by-channel tab', async () => {
    const app = render('/replay');
    expect(await screen.findByRole('region', { name: 'Playz Info' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/replay/channels');
  });
});
