import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { CardCarousel, VerticalCardCarousel } from './card-carousel';

const items = [1, 2, 3].map((id) => ({
  key: `content-${id}`,
  title: `Programme ${id}`,
  href: `/content/${id}/programme-${id}`,
  landscape: null,
  portrait: null,
}));

describe('card carousels (spec 2 §2 home rows drawn with the @playz/ui carousels)', () => {
  it('draws one card link per item, named by its visible caption (WCAG 2.5.3)', () => {
    renderWidget(<CardCarousel title="Films" style="Portrait" items={items} />);
    const region = within(screen.getByRole('region', { name: 'Films' }));
    const links = region.getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const id of [1, 2, 3])
      expect(region.getByRole('link', { name: `Programme ${id}` }).getAttribute('href')).toBe(
        `/content/${id}/programme-${id}`,
      );
    expect(links[0]!.className).toContain('card--portrait');
  });

  it('shows 10 card placeholders in a column while loading', () => {
    renderWidget(<VerticalCardCarousel title="Dernières 24 heures" style="Landscape" loading />);
    const region = screen.getByRole('region', { name: 'Dernières 24 heures' });
    expect(region.querySelectorAll('.card--placeholder.card--landscape')).toHaveLength(10);
  });

  it('names the arrows in the interface language (fr by default)', () => {
    renderWidget(<CardCarousel title="Films" style="Landscape" items={items} />);
    const region = screen.getByRole('region', { name: 'Films' });
    const names = within(region)
      .getAllByRole('button', { hidden: true })
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Précédent', 'Suivant']);
  });
});
