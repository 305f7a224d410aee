import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// spec 2 §4 Remote control: "a remote route is accepted if it is clip, playlist, channel, content
// or content-list with a numeric id; it is rewritten to the player route" — on the TV, a list's
// player route plays the list's contents, not a content of the list's id.

const list = { contentListID: 77, title: 'Soirée courts', contents: [{ contentID: 1005 }, { contentID: 1006 }] };

describe('TV list player (/content-list/{id}/player, /playlist/{id}/player)', () => {
  it.each(['content-list', 'playlist'])('/%s/77/player plays the list’s first content', async (type) => {
    const { calls } = renderTv(`/${type}/77/player`, {
      'GET /content-list/77': { response: { ContentList: list } },
    });
    await waitFor(() => expect(calls).toContain('GET /content/1005'));
    expect(calls).not.toContain('GET /content/77');
  });

  it('spec 2 §8: an unknown list (21) is the not-found page', async () => {
    renderTv('/content-list/404/player', { 'GET /content-list/404': { error: 21 } });
    // The TV's not-found page, not a player of some other content.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Cette page n’existe pas.');
  });
});
