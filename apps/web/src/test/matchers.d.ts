import 'vitest';

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toHaveTextContent(expected: string | RegExp): R;
  toHaveAttribute(name: string, value?: string): R;
  toBeDisabled(): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends DomMatchers<T> {}
}
