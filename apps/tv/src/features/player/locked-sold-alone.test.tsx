import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderTv } from '@/test/render-tv';

// Decision 107's addendum: a content an editor sells alone (its productPriceID) is opened by its
// purchase only, so the TV's locked dialog says it is to rent and offers that purchase at its own
// offer's price, not the subscription.

const offer = (productPriceID: number, name: string, price: number) => ({
  ...{ billingType: 'CreditCard', type: 'Purchase', product: 'ContentPurchase', productID: 10 },
  ...{ productPriceID, name, price, currency: 'EUR', purchaseHours: 48 },
});
const subscriber = {
  ...{ logged: true, consent: null, productAccess: ['service'], hasFullAccess: false },
  ...{ purchases: [], subscriptions: [] },
};
const data = {
  App: { cookieTypes: [], inAppPurchases: [offer(21, 'Location 48 h', 2.99), offer(23, 'Achat premium', 4.99)] },
  Customer: subscriber,
};
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('spec 3 §4 a content sold alone, locked on the TV (decision 107)', () => {
  it('spec 3 §3 the dialog says "À louer pour regarder" and offers its own offer only, 4,99 €, focused', async () => {
    renderTv('/clip/7/player', {
      'GET /data': { response: data },
      'GET /content/7': {
        response: { Content: { contentID: 7, contentType: 'Film', title: 'Le Phare', images: {}, productPriceID: 23 } },
      },
      'GET /content/7/url/adaptive': { error: 4 },
    });
    const locked = await screen.findByRole('dialog', { name: 'À louer pour regarder' }, { timeout: 5000 });
    expect(locked.querySelector('.locked__text')?.textContent).toBe(
      'Ce film n’est pas inclus dans l’abonnement : louez-le pour le regarder.',
    );
    expect(within(locked).queryByRole('button', { name: 'S’abonner' })).toBeNull();
    const rent = within(locked).getByRole('button', { name: /Louer ce film/ });
    expect(plain(rent.textContent)).toBe('Louer ce film 4,99 € · 48 h');
    // The purchase is the one way on: it has the focus.
    await waitFor(() => expect(rent.hasAttribute('data-focused')).toBe(true));
  });
});
