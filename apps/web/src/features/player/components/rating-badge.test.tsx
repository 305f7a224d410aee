import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeContent } from '@/test/fixtures';
import { RatingBadge } from '@/components/rating-badge';
import { renderWidget } from '@/test/render-widget';
import { ContentDetails } from './content-details';

// Spec 1 §6 family safety (decisions 059, 064): the CSA pictogram, a small rounded badge "-12",
// on the content's facts; tous publics shows none, as on French television.
describe('spec 1 §6 rating badges on the web', () => {
  it.each([10, 12, 16, 18])('spec 1 §6 rating badge: -%i reads as the CSA pictogram and is said in full', (age) => {
    renderWidget(<RatingBadge rating={age} />);
    const badge = screen.getByRole('img', { name: `Déconseillé aux moins de ${age} ans` });
    expect(badge).toHaveTextContent(`-${age}`);
  });

  it('spec 1 §6 rating badge: tous publics, unrated and off-scale ratings show none', () => {
    const { container } = renderWidget(
      <>
        <RatingBadge rating={0} />
        <RatingBadge rating={undefined} />
        <RatingBadge rating={14} />
      </>,
    );
    expect(container.querySelector('.rating-badge')).toBeNull();
  });

  it('spec 1 §6 rating badge: the player’s details show it beside the year and duration', () => {
    renderWidget(<ContentDetails content={makeContent(1011, { title: 'Le Ciel en feu', rating: 16 })} />);
    const facts = screen.getByRole('img', { name: 'Déconseillé aux moins de 16 ans' }).parentElement;
    expect(facts?.classList.contains('details__meta')).toBe(true);
  });
});
