import { describe, expect, it } from 'vitest';
import { requestedUrlFrom } from './requested-url';

const search = (requestedUrl: string) => `?${new URLSearchParams({ requested_url: requestedUrl })}`;

describe('requestedUrlFrom: where log-in, registration, payment and welcome send the viewer (spec 1 §2)', () => {
  it('follows a path of this site', () => {
    expect(requestedUrlFrom(search('/content/12/le-film.html?t=30'))).toBe('/content/12/le-film.html?t=30');
  });

  it.each([
    ['a tab, as /%09/evil.com arrives', '/\t/evil.com'],
    ['a new line', '/\n/evil.com'],
    ['a tab still encoded', '/%09/evil.com'],
    ['a backslash', '/\\evil.com'],
    ['protocol-relative', '//evil.com'],
    ['an absolute URL', 'https://evil.com/'],
  ])('falls back on %s', (_, value) => {
    expect(requestedUrlFrom(search(value))).toBe('/');
    expect(requestedUrlFrom(search(value), '')).toBe('');
  });

  it('reads /%09/evil.com in a real query as the tab it decodes to, and refuses it', () => {
    expect(requestedUrlFrom('?requested_url=/%09/evil.com')).toBe('/');
  });
});
