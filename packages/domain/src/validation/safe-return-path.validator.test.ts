import { describe, expect, it } from 'vitest';
import { SAFE_RETURN_PATH_MAX_LENGTH, safeReturnPath } from './safe-return-path.validator';

describe('safeReturnPath: where a viewer is sent back after log-in, sign-on or payment', () => {
  it.each(['/', '/series/12/la-serie.html', '/content/4/x.html?from=home#top', '/recherche?q=caf%C3%A9%20cr%C3%A8me'])(
    'keeps a path of this site: %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['nothing', undefined],
    ['empty', ''],
    ['an absolute URL', 'https://evil.com/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'series/12'],
    ['protocol-relative', '//evil.com'],
    ['a backslash read as a slash', '/\\evil.com'],
    ['a backslash later on', '/a\\..\\\\evil.com'],
    ['a raw tab', '/\t/evil.com'],
    ['a raw new line', '/\n/evil.com'],
    ['a raw DEL', '/\u007f/evil.com'],
    ['a tab percent-encoded', '/%09/evil.com'],
    ['a new line percent-encoded', '/%0a/evil.com'],
    ['a backslash percent-encoded', '/%5Cevil.com'],
    ['slashes percent-encoded', '/%2F%2Fevil.com'],
    ['a broken escape', '/100%'],
    ['too long', `/${'a'.repeat(SAFE_RETURN_PATH_MAX_LENGTH)}`],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
