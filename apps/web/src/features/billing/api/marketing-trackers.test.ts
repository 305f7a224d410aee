import { describe, expect, it } from 'vitest';
import { pixelUrlsOf } from './marketing-trackers';

describe('marketing tracker pixels (spec 3 §3, §4, §9)', () => {
  it('fires an explicit https url as it is, and nothing for a plain http or script one', () => {
    expect(pixelUrlsOf({ Name: 'a', Data: { url: 'https://ads.example/p?x=1' } }, 'visit')).toEqual([
      'https://ads.example/p?x=1',
    ]);
    expect(pixelUrlsOf({ Name: 'a', Data: { url: 'http://ads.example/p', script: '<script>' } }, 'visit')).toEqual([]);
  });

  it('builds the public image pixels of Facebook, Twitter (fallback price 2.00, quantity 1) and Google Ads', () => {
    const urls = pixelUrlsOf(
      { Name: 'all', Data: { pixelID: '42', twitterID: 'tw1', conversionID: '99', add: 'lbl' } },
      'subscription',
    );
    expect(urls).toEqual([
      'https://www.facebook.com/tr?id=42&ev=Subscribe&noscript=1',
      'https://analytics.twitter.com/i/adsct?txn_id=tw1&p_id=Twitter&tw_sale_amount=2.00&tw_order_quantity=1',
      'https://www.googleadservices.com/pagead/conversion/99/?guid=ON&script=0&label=lbl',
    ]);
  });
});
