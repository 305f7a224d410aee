import { describe, expect, it } from 'vitest';
import { assetIdOfTizenPayload, deepLinkRoute } from './deep-link';

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
