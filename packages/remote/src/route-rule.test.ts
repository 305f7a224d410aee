import { describe, expect, it } from 'vitest';
import { remoteRouteSchema, toPlayerRoute } from './route-rule';

describe('spec 2 §4 Remote control: the route rule', () => {
  it.each([
    ['/clip/12', '/clip/12/player'],
    ['/playlist/7/player', '/playlist/7/player'],
    ['/channel/3/tf1', '/channel/3/player'],
    ['/content/1001/la-mer.html', '/content/1001/player'],
    ['/content-list/40/', '/content-list/40/player'],
    ['content_1001', '/content/1001/player'],
    ['content-list_40', '/content-list/40/player'],
  ])('accepts %s as the player route %s', (input, route) => {
    expect(toPlayerRoute(input)?.route).toBe(route);
    expect(remoteRouteSchema.parse(input)).toBe(route);
  });

  it.each([
    '/series/3/x',
    '/clip/abc',
    '/clip/0',
    '/clip/012',
    '/clip/-1',
    '/clip/12/a/b',
    'https://evil.example/clip/12',
    '//evil.example/clip/12',
    '/clip/12?x=1',
    '/customer/delete',
    'javascript:alert(1)',
    '/clip/12345678901',
    '',
  ])('refuses %j', (input) => {
    expect(toPlayerRoute(input)).toBeNull();
    expect(remoteRouteSchema.safeParse(input).success).toBe(false);
  });
});
