import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

const content = (contentID: number, title: string) => ({
  ...{ contentID, contentType: 'Film', title },
  ...{ images: {}, duration: 1500, playbackTime: null },
});
const customer = {
  ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
};

describe('spec 2 §2 Previous and Next on the TV player', () => {
  it('a list player goes one content on and back; the first has no Previous, the last no Next', async () => {
    const list = { contentListID: 77, title: 'Soirée courts', contents: [{ contentID: 1005 }, { contentID: 1006 }] };
    const { calls } = renderTv('/content-list/77/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /content-list/77': { response: { ContentList: list } },
      'GET /content/1005': { response: { Content: content(1005, 'Court 1') } },
      'GET /content/1006': { response: { Content: content(1006, 'Court 2') } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Court 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Court 2' })).toBeTruthy();
    expect(calls).toContain('GET /content/1006');
    expect(screen.queryByRole('button', { name: 'Suivant' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Court 1' })).toBeTruthy();
  });

  it('a channel player zaps to the previous and next channel', async () => {
    const channel = (channelID: number, name: string) => ({
      ...{ channelID, name, channelType: 'Stream', streamState: 'up', schedules: [], posterUrl: null },
      images: { backdrop: null },
    });
    const { router } = renderTv('/channel/3/player', {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /channels': { response: { Channels: [channel(2, 'Deux'), channel(3, 'Trois'), channel(4, 'Quatre')] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/4/player'));
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/3/player'));
  });
});
