import { afterEach, expect, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { startSpatialNavigation } from '@/navigation/spatial';

configure({ asyncUtilTimeout: 4000 });
// The spatial navigation as main.tsx starts it: screens register their focusables with it.
startSpatialNavigation();

// jsdom has no layout or scrolling: focused cards scroll themselves into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};

expect.extend({
  toHaveTextContent(received: Element, expected: string | RegExp) {
    const text = (received.textContent ?? '').replace(/\s+/g, ' ').trim();
    const pass = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
    return { pass, message: () => `expected "${text}" ${pass ? 'not ' : ''}to contain ${String(expected)}` };
  },
});

afterEach(() => {
  cleanup();
  // A fake clock a test left behind (it failed before its own clean-up) takes its timers with it:
  // none fires into the next test, which starts on the real clock.
  if (vi.isFakeTimers()) {
    vi.clearAllTimers();
    vi.useRealTimers();
  }
  localStorage.clear();
});
