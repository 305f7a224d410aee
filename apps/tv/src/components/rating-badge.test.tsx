import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTvI18n } from '@/lib/i18n';
import { renderTv } from '@/test/render-tv';
import { RatingBadge } from './rating-badge';

// Spec 1 §6 family safety (decisions 059, 064): the CSA pictogram on the TV, in the viewer's language.
describe('spec 1 §6 rating badges on the TV', () => {
  it.each([
    ['fr', 'Déconseillé aux moins de 12 ans'],
    ['en', 'Not advised for under-12s'],
    ['nl', 'Afgeraden onder de 12 jaar'],
    ['es', 'No recomendado para menores de 12 años'],
  ] as const)('spec 1 §6 rating badge: -12 in %s', (locale, meaning) => {
    render(
      <I18nextProvider i18n={createTvI18n(locale)}>
        <RatingBadge rating={12} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('img', { name: meaning }).textContent).toBe('-12');
  });

  it('spec 1 §6 rating badge: tous publics shows none', () => {
    const { container } = render(
      <I18nextProvider i18n={createTvI18n('fr')}>
        <RatingBadge rating={0} />
      </I18nextProvider>,
    );
    expect(container.querySelector('.rating-badge')).toBeNull();
  });

  it('spec 1 §6 rating badge: the player’s title and the content page carry it', async () => {
    const film = {
      ...{ contentID: 1012, contentType: 'Film', title: 'Nuit blanche', rating: 12, description: '' },
      ...{ images: {}, duration: 1500, playbackTime: null, metadata: {} },
    };
    const customer = {
      ...{ logged: true, consent: null, productAccess: [], hasFullAccess: true, purchases: [], subscriptions: [] },
      ...{ profiles: [], currentProfileIndex: 0 },
    };
    const handlers = {
      'GET /data': { response: { App: { cookieTypes: [], inAppPurchases: [] }, Customer: customer } },
      'GET /content/1012': { response: { Content: film } },
      'GET /content/1012/related': { response: { Collection: [] } },
    };
    const player = renderTv('/clip/1012/player', handlers);
    const title = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    // A space between the title and the badge: a screen reader says two words, not "blanche-12".
    await waitFor(() => expect(title.textContent).toBe('Nuit blanche -12'));
    expect(screen.getByRole('img', { name: 'Déconseillé aux moins de 12 ans' })).toBeTruthy();
    player.unmount();
    renderTv('/content/1012', handlers);
    expect(
      (await screen.findByRole('img', { name: 'Déconseillé aux moins de 12 ans' }, { timeout: 5000 })).textContent,
    ).toBe('-12');
  });
});
