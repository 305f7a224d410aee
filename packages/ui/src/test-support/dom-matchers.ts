import { expect } from 'vitest';

/**
 * The few DOM matchers the React tests use (web and console), without an extra dependency for them.
 * A test project's setup file calls installDomMatchers() once; importing this module also gives
 * that project's TypeScript the matchers' types (the augmentation below).
 */
export function installDomMatchers() {
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
}

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toHaveTextContent(expected: string | RegExp): R;
  toHaveAttribute(name: string, value?: string): R;
  toBeDisabled(): R;
}

declare module 'vitest' {
  // Vitest's own declaration's parameters, repeated as the merge requires (R: what a matcher returns).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends DomMatchers<R> {}
}
