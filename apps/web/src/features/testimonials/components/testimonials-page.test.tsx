import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeApp, makeCustomer, subscriber } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const render = (customer = makeCustomer()) =>
  renderApp('/temoignages', { 'GET /data': { response: { App: makeApp(), Customer: customer } } });

describe('testimonials page (spec 1 §1, spec 2 §9: 20 reviews, all 5 stars)', () => {
  it('shows 20 reviews, each with a name, a text and a rating read out as 5 out of 5', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ils regardent Playz' })).toBeInTheDocument();
    const reviews = screen.getAllByRole('article');
    expect(reviews).toHaveLength(20);
    for (const review of reviews) {
      expect(within(review).getByRole('img', { name: 'Note : 5 sur 5' })).toBeInTheDocument();
      expect(review.querySelectorAll('.stars__star--on')).toHaveLength(5);
      expect(review.querySelector('blockquote')?.textContent?.length).toBeGreaterThan(40);
    }
    expect(within(reviews[0]!).getByText('Camille Lefèvre')).toBeInTheDocument();
    expect(screen.getByText('Note moyenne 5/5 sur 20 avis')).toBeInTheDocument();
  });

  it('offers a way to the offers to visitors only', async () => {
    render();
    expect(await screen.findByRole('link', { name: 'Essayer Playz' })).toHaveAttribute('href', '/service/inter');
  });

  it('has no subscribe link for a subscriber', async () => {
    render(subscriber());
    await screen.findByRole('heading', { level: 1, name: 'Ils regardent Playz' });
    expect(screen.queryByRole('link', { name: 'Essayer Playz' })).toBeNull();
  });
});
