import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { VerticalCarousel } from './vertical-carousel';

const labels = { previous: 'Précédent', next: 'Suivant' };
const items = [1, 2, 3].map((id) => ({ id, title: `Programme ${id}` }));
const column = (props: { loading?: boolean } = {}) => (
  <VerticalCarousel
    title="Replay"
    variant="Landscape"
    items={items}
    itemKey={(item) => String(item.id)}
    renderItem={(item) => <a href={`/content/${item.id}`}>{item.title}</a>}
    placeholder={<span className="placeholder" />}
    labels={labels}
    {...props}
  />
);

describe('vertical carousel widget (spec 2 §2 widgets, §9 arrow hide 1 s, 10 placeholders)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows 10 placeholders while loading', () => {
    render(column({ loading: true }));
    const region = screen.getByRole('region', { name: 'Replay' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.querySelectorAll('.placeholder')).toHaveLength(10);
    expect(within(region).queryAllByRole('link')).toHaveLength(0);
  });

  it('draws one item per entry, in order, with the style as a modifier class', () => {
    render(column());
    const region = screen.getByRole('region', { name: 'Replay' });
    expect(region.className).toContain('vcarousel--landscape');
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/content/1', '/content/2', '/content/3']);
  });

  it('shows its arrows while the pointer is over it and hides them 1 s after it leaves', () => {
    vi.useFakeTimers();
    render(column());
    const region = screen.getByRole('region', { name: 'Replay' });
    fireEvent.pointerEnter(region);
    expect(region.className).toContain('vcarousel--arrows');
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(999));
    expect(region.className).toContain('vcarousel--arrows');
    act(() => vi.advanceTimersByTime(1));
    expect(region.className).not.toContain('vcarousel--arrows');
  });

  it('pages down by 85 % of its visible height', () => {
    vi.useFakeTimers();
    render(column());
    const track = screen.getByRole('region', { name: 'Replay' }).querySelector('ul')!;
    // jsdom lays nothing out: give the track a height and a scroll position by hand.
    Object.defineProperty(track, 'scrollTop', { value: 0 });
    Object.defineProperty(track, 'scrollHeight', { value: 1200 });
    Object.defineProperty(track, 'clientHeight', { value: 400 });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.scroll(track);
    const scrollBy = vi.fn();
    track.scrollBy = scrollBy;
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(scrollBy).toHaveBeenCalledWith({ top: 340, behavior: 'smooth' });
  });
});
