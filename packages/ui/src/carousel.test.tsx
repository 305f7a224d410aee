import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Carousel } from './carousel';

const labels = { previous: 'Précédent', next: 'Suivant' };
const items = ['a', 'b', 'c', 'd'];

function row(props: { loading?: boolean; items?: string[] } = {}) {
  return (
    <Carousel
      title="Films"
      variant="Portrait"
      items={items}
      itemKey={(item) => item}
      renderItem={(item, index) => <span data-testid="item">{`${index}:${item}`}</span>}
      placeholder={<span className="placeholder" />}
      labels={labels}
      {...props}
    />
  );
}

/** jsdom lays nothing out: give the track a size and a scroll position by hand. */
function layOut(track: HTMLElement, { scrollLeft, scrollWidth, clientWidth }: Record<string, number>) {
  Object.defineProperty(track, 'scrollLeft', { value: scrollLeft, configurable: true });
  Object.defineProperty(track, 'scrollWidth', { value: scrollWidth, configurable: true });
  Object.defineProperty(track, 'clientWidth', { value: clientWidth, configurable: true });
}

describe('carousel widget (spec 2 §2 horizontal carousel, §9 300 ms throttle, 1 s arrow hide, 10 placeholders)', () => {
  afterEach(() => vi.useRealTimers());

  it('is a region named by its title, busy with 10 placeholders while loading', () => {
    render(row({ loading: true }));
    const region = screen.getByRole('region', { name: 'Films' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.querySelectorAll('.placeholder')).toHaveLength(10);
    expect(screen.queryAllByTestId('item')).toHaveLength(0);
  });

  it('draws every item with its index and the style as a modifier class', () => {
    render(row());
    const region = screen.getByRole('region', { name: 'Films' });
    expect(region.className.split(' ')).toEqual(['carousel', 'carousel--portrait']);
    expect(
      within(region)
        .getAllByTestId('item')
        .map((item) => item.textContent),
    ).toEqual(['0:a', '1:b', '2:c', '3:d']);
  });

  it('names its arrows with the labels it is given and keeps them out of the tab order', () => {
    render(row());
    for (const name of ['Précédent', 'Suivant']) {
      expect(screen.getByRole('button', { name }).getAttribute('tabindex')).toBe('-1');
    }
  });

  it('disables the arrow of the edge the track touches, measured again on scroll (throttled)', () => {
    vi.useFakeTimers();
    render(row());
    const track = screen.getByRole('region', { name: 'Films' }).querySelector('ul')!;
    const previous = () => screen.getByRole('button', { name: 'Précédent' }) as HTMLButtonElement;
    const next = () => screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement;

    layOut(track, { scrollLeft: 0, scrollWidth: 2000, clientWidth: 500 });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.scroll(track);
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);

    layOut(track, { scrollLeft: 1500, scrollWidth: 2000, clientWidth: 500 });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.scroll(track);
    expect(previous().disabled).toBe(false);
    expect(next().disabled).toBe(true);
  });

  it('pages by 85 % of its visible width in the direction of the arrow', () => {
    vi.useFakeTimers();
    render(row());
    const track = screen.getByRole('region', { name: 'Films' }).querySelector('ul')!;
    layOut(track, { scrollLeft: 600, scrollWidth: 2000, clientWidth: 500 });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.scroll(track);
    const scrollBy = vi.fn();
    track.scrollBy = scrollBy;
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(scrollBy.mock.calls).toEqual([[{ left: 425, behavior: 'smooth' }], [{ left: -425, behavior: 'smooth' }]]);
  });

  it('keeps its arrows while focus is inside, and hides them 1 s after the pointer leaves', () => {
    vi.useFakeTimers();
    render(row());
    const region = screen.getByRole('region', { name: 'Films' });
    fireEvent.focus(screen.getByRole('button', { name: 'Suivant' }));
    expect(region.className).toContain('carousel--arrows');
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(1000));
    expect(region.className).not.toContain('carousel--arrows');
  });
});
