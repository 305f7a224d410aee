import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeSize } from './observe-size';

// Decision 033: the see-more control and the carousel arrows (spec 2 §2, §9) measure their box
// after layout, never by forcing one during the first render.

describe('observeSize', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with ResizeObserver: no measure at the call, one per notification, none after stopping', () => {
    const observers: { callback: () => void; observed: Element[]; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        entry = { callback: () => {}, observed: [] as Element[], disconnected: false };
        constructor(callback: () => void) {
          this.entry.callback = callback;
          observers.push(this.entry);
        }
        observe(element: Element) {
          this.entry.observed.push(element);
        }
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const element = document.createElement('div');
    const measure = vi.fn();
    const stop = observeSize(element, measure);
    expect(measure).not.toHaveBeenCalled();
    expect(observers[0]!.observed).toEqual([element]);
    observers[0]!.callback();
    observers[0]!.callback();
    expect(measure).toHaveBeenCalledTimes(2);
    stop();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('without ResizeObserver (old browsers, jsdom): measures at once', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const measure = vi.fn();
    observeSize(document.createElement('div'), measure)();
    expect(measure).toHaveBeenCalledTimes(1);
  });
});
