import 'vitest';

declare module 'vitest' {
  interface Assertion {
    toHaveTextContent(expected: string | RegExp): void;
  }
}
