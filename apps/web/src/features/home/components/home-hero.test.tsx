import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { FADER_INTERVAL_MS } from '@playz/domain';
import { renderWidget } from '@/test/render-widget';
import type { CardItem } from '@/lib/catalogue-links';
import { HomeHero } from './home-hero';

const item = (n: number): CardItem => ({
  key: `content-${n}`,
  title: `Film ${n}`,
  href: `/content/${n}/film-${n}`,
  landscape: `/media/${n}.jpg`,
  portrait: null,
});
const items = [item(1), item(2), item(3)];
const title = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('home hero (spec 2 §9: featured items fading every 10 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('spec 2 §9: moves on to the next featured item every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWidget(<HomeHero items={items} />);
    expect(await screen.findByRole('heading', { name: 'Film 1' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(FADER_INTERVAL_MS));
    expect(title()).toBe('Film 2');
  });

  it('spec 2 §9: holds still while the keyboard focus is inside, so the focused Play link stays (WCAG 2.2.2)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWidget(<HomeHero items={items} />);
    const play = await screen.findByRole('link', { name: 'Lecture' });
    act(() => play.focus());
    act(() => vi.advanceTimersByTime(2 * FADER_INTERVAL_MS));
    expect(title()).toBe('Film 1');
    expect(document.activeElement).toBe(play);
    expect(play).toHaveAttribute('href', '/content/1/film-1');
    // Focus leaving the billboard lets it move again.
    act(() => play.blur());
    act(() => vi.advanceTimersByTime(FADER_INTERVAL_MS));
    expect(title()).toBe('Film 2');
  });

  it('spec 2 §9: holds still while the pointer is over it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWidget(<HomeHero items={items} />);
    const hero = await screen.findByRole('region', { name: 'Sélection à la une' });
    fireEvent.mouseEnter(hero);
    act(() => vi.advanceTimersByTime(2 * FADER_INTERVAL_MS));
    expect(title()).toBe('Film 1');
    fireEvent.mouseLeave(hero);
    act(() => vi.advanceTimersByTime(FADER_INTERVAL_MS));
    expect(title()).toBe('Film 2');
  });
});
