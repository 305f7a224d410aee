import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { hasRatingBadge, RatingBadge } from './rating-badge';

const meaning = (age: number) => `Déconseillé aux moins de ${age} ans`;

// Spec 1 §6 family safety (decisions 064, 082): one CSA pictogram for the web and the TV.
describe('spec 1 §6 the shared rating badge', () => {
  it.each([10, 12, 16, 18])('spec 1 §6 rating badge: -%i is an image named in full, its text the age', (age) => {
    render(<RatingBadge rating={age} meaning={meaning} />);
    const badge = screen.getByRole('img', { name: `Déconseillé aux moins de ${age} ans` });
    expect(badge.textContent).toBe(`-${age}`);
    expect(badge.className).toBe(`rating-badge rating-badge--${age}`);
    expect(badge.getAttribute('title')).toBeNull();
  });

  it('spec 1 §6 rating badge: tous publics, unrated and off-scale ratings show none', () => {
    const { container } = render(
      <>
        <RatingBadge rating={0} meaning={meaning} />
        <RatingBadge rating={undefined} meaning={meaning} />
        <RatingBadge rating={null} meaning={meaning} />
        <RatingBadge rating={14} meaning={meaning} />
      </>,
    );
    expect(container.innerHTML).toBe('');
    expect([0, undefined, null, 14, 10, 18].map(hasRatingBadge)).toEqual([false, false, false, false, true, true]);
  });

  it('spec 1 §6 rating badge: the web’s tooltip and a place’s own class', () => {
    render(<RatingBadge rating={16} meaning={meaning} tooltip className="card__rating" id="r1" />);
    const badge = screen.getByRole('img', { name: 'Déconseillé aux moins de 16 ans' });
    expect(badge.getAttribute('title')).toBe('Déconseillé aux moins de 16 ans');
    expect(badge.className).toBe('rating-badge rating-badge--16 card__rating');
    expect(badge.id).toBe('r1');
  });
});
