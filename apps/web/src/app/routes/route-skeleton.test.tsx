import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { RouteSkeleton } from './route-skeleton';

describe('page skeleton while a route loads (decision 020)', () => {
  it('says it is loading to assistive technology and draws the page blocks', () => {
    renderWidget(<RouteSkeleton />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Chargement…');
    expect(status.querySelectorAll('.skeleton').length).toBeGreaterThanOrEqual(5);
  });
});
