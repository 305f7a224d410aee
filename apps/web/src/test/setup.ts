import { afterEach, expect, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor give up after 4 s instead of 1 s: a lazily loaded route takes longer than 1 s on
// a loaded 2-core CI machine. Only failures wait longer; passing tests are as fast as before.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no layout or scrolling; the router's scroll restoration calls these.
window.scrollTo = () => {};
Element.prototype.scrollBy ??= function scrollBy() {};

// The few DOM matchers the tests use (no extra dependency for them).
expect.extend({
  toBeInTheDocument(received: Element | null) {
    const pass = received !== null && received.ownerDocument.contains(received);
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be in the document` };
  },
  toHaveTextContent(received: Element, expected: string | RegExp) {
    const text = (received.textContent ?? '').replace(/\s+/g, ' ').trim();
    const pass = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
    return { pass, message: () => `expected "${text}" ${pass ? 'not ' : ''}to contain ${String(expected)}` };
  },
  toHaveAttribute(received: Element, name: string, value?: string) {
    const actual = received.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return { pass, message: () => `expected ${name}=${String(actual)} ${pass ? 'not ' : ''}to be ${String(value)}` };
  },
  toBeDisabled(received: Element) {
    const pass = (received as HTMLButtonElement).disabled === true;
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be disabled` };
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
