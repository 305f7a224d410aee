import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { ImageFader, useFaderIndex } from './image-fader';

const images = [
  { src: '/media/a.jpg', alt: 'Le Phare' },
  { src: '/media/b.jpg', alt: 'Grand Nord' },
  { src: '/media/c.jpg', alt: 'Les Toqués' },
];

describe('image fader (spec 2 §2 widgets, §9 10 s between images, 0.5 s fade)', () => {
  afterEach(() => vi.useRealTimers());

  it('advances every 10 s and wraps around to the first image', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFaderIndex(3));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(1);
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current[0]).toBe(0);
  });

  it('stands still while paused or with a single image', () => {
    vi.useFakeTimers();
    const paused = renderHook(() => useFaderIndex(3, 10_000, true));
    const single = renderHook(() => useFaderIndex(1));
    act(() => vi.advanceTimersByTime(30_000));
    expect(paused.result.current[0]).toBe(0);
    expect(single.result.current[0]).toBe(0);
  });

  it('restarts the 10 s wait when a viewer picks an image', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFaderIndex(3));
    act(() => vi.advanceTimersByTime(6_000));
    act(() => result.current[1](2));
    act(() => vi.advanceTimersByTime(6_000));
    expect(result.current[0]).toBe(2);
    act(() => vi.advanceTimersByTime(4_000));
    expect(result.current[0]).toBe(0);
  });

  it('shows only the active image to assistive technology, with a 500 ms fade', () => {
    const { container } = render(<ImageFader images={images} index={1} />);
    const fader = container.querySelector('.fader') as HTMLElement;
    expect(fader.style.getPropertyValue('--fade-ms')).toBe('500ms');
    const shown = [...container.querySelectorAll('img')].map((img) => ({
      active: img.classList.contains('fader__image--active'),
      alt: img.getAttribute('alt'),
      hidden: img.getAttribute('aria-hidden'),
    }));
    expect(shown).toEqual([
      { active: false, alt: '', hidden: 'true' },
      { active: true, alt: 'Grand Nord', hidden: null },
      { active: false, alt: '', hidden: 'true' },
    ]);
  });
});
