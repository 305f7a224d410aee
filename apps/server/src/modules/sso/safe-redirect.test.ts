import { describe, expect, it } from 'vitest';
import { safeRequestedUrl } from './safe-redirect';

describe('safeRequestedUrl: where sign-on may send the browser back (decision 012)', () => {
  it.each(['/', '/series', '/content/12/le-film?t=30#x', '/customer/account'])('keeps the site path %s', (path) => {
    expect(safeRequestedUrl(path)).toBe(path);
  });

  it.each([
    undefined,
    null,
    '',
    'https://evil.example/',
    'http:/evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    '/%09/evil.example',
    `/${'a'.repeat(2100)}`,
  ])('sends %j home instead', (value) => {
    expect(safeRequestedUrl(value)).toBe('/');
  });
});
