import { describe, expect, it } from 'vitest';
import { assetIdOfTizenPayload, deepLinkRoute, setTopLaunchRoute } from './deep-link';

describe('deep links (spec 1 §2 Tizen launch payload)', () => {
  it('/content/{id} opens /clip/{id}/player', () => {
    expect(deepLinkRoute('/content/1234')).toBe('/clip/1234/player');
  });
  it('type_{id} opens /{type}/{id}/player', () => {
    expect(deepLinkRoute('channel_7')).toBe('/channel/7/player');
    expect(deepLinkRoute('playlist_42')).toBe('/playlist/42/player');
  });
  it('anything else opens nothing', () => {
    for (const bad of [
      '/content/abc',
      'channel_',
      '_7',
      '../admin_1',
      '/content/1/../../x',
      'https://evil.example/content/1',
      '',
    ])
      expect(deepLinkRoute(bad)).toBeNull();
  });
  it('reads the asset id from the Samsung PAYLOAD JSON (values) or a bare string', () => {
    expect(assetIdOfTizenPayload('{"values":"/content/9"}')).toBe('/content/9');
    expect(assetIdOfTizenPayload('series_5')).toBe('series_5');
    expect(assetIdOfTizenPayload('{"other":1}')).toBeNull();
  });
});

describe('Orange launch route (spec 1 §2 / spec 2 §2 "the initial route is passed at activation"; decision 087)', () => {
  it('the spec’s deep-link forms open their player: content, channel, live event', () => {
    expect(setTopLaunchRoute('/content/12')).toBe('/clip/12/player');
    expect(setTopLaunchRoute('channel_4')).toBe('/channel/4/player');
    expect(setTopLaunchRoute('live-event_7')).toBe('/live-event/7/player');
    expect(setTopLaunchRoute('episode_9')).toBe('/episode/9/player');
  });
  it('the TV app’s own paths, with or without /tv, a hash or a query', () => {
    expect(setTopLaunchRoute('/clip/3/player')).toBe('/clip/3/player');
    expect(setTopLaunchRoute('/tv/channel/2/player?pf=qualif')).toBe('/channel/2/player');
    expect(setTopLaunchRoute('#/channel/5')).toBe('/channel/5/player');
    expect(setTopLaunchRoute('/live-event/8/')).toBe('/live-event/8/player');
    expect(setTopLaunchRoute('/series/6')).toBe('/series/6');
    expect(setTopLaunchRoute('/guide')).toBe('/guide');
    expect(setTopLaunchRoute('/tv')).toBe('/');
  });
  it('anything else opens nothing (home)', () => {
    for (const bad of [
      null,
      '',
      '/admin',
      'admin_1',
      '/channel/abc',
      '/settings/1',
      '//evil.example/clip/1/player',
      'https://evil.example/content/1',
      '/clip/1/../../x',
      '/unknown/1/player',
    ])
      expect(setTopLaunchRoute(bad)).toBeNull();
  });
});
