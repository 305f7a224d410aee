import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWidget } from '@/test/render-widget';
import { VerticalCarousel } from './vertical-carousel';

const items = [1, 2, 3].map((id) => ({
  key: `content-${id}`,
  title: `Programme ${id}`,
  href: `/content/${id}/programme-${id}`,
  landscape: null,
  portrait: null,
}));

describe('vertical carousel widget (spec 2 §2 widgets, §9 arrow hide 1 s, 10 placeholders)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows 10 placeholders while loading', () => {
    renderWidget(<VerticalCarousel title="Dernières 24 heures" style="Landscape" loading />);
    const region = screen.getByRole('region', { name: 'Dernières 24 heures' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region.querySelectorAll('.card--placeholder')).toHaveLength(10);
  });

  it('shows one card link per item', () => {
    renderWidget(<VerticalCarousel title="Replay" style="Landscape" items={items} />);
    const links = within(screen.getByRole('region', { name: 'Replay' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/content/1/programme-1',
      '/content/2/programme-2',
      '/content/3/programme-3',
    ]);
  });

  it('shows its arrows while the pointer is over it and hides them 1 s after it leaves', () => {
    vi.useFakeTimers();
    renderWidget(<VerticalCarousel title="Replay" style="Landscape" items={items} />);
    const region = screen.getByRole('region', { name: 'Replay' });
    fireEvent.pointerEnter(region);
    expect(region.className).toContain('vcarousel--arrows');
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(999));
    expect(region.className).toContain('vcarousel--arrows');
    act(() => vi.advanceTimersByTime(1));
    expect(region.className).not.toContain('vcarousel--arrows');
  });
});
