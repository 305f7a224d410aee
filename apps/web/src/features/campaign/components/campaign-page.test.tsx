import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeApp, makeContent, makeCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('campaign page /service/csa (spec 2 §2)', () => {
  it('lists the campaign videos, each opening the content player', async () => {
    renderApp('/service/csa', {
      'GET /data': { response: { App: makeApp(), Customer: makeCustomer() } },
      'GET /service/csa/contents': {
        response: { Collection: [makeContent(1003, { title: 'Les Aurores', slug: 'les-aurores', duration: 95 })] },
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Les Aurores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regarder « Les Aurores »' })).toHaveAttribute(
      'href',
      '/content/1003/les-aurores',
    );
    expect(screen.getByText('1:35')).toBeInTheDocument();
  });
});
