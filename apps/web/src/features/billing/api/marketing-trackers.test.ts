import { describe, expect, it } from 'vitest';
import type { MarketingTracker } from '@playz/api-contract';
import { filledUrl, fireTrackers, pixelUrlsOf, tagsOf } from './marketing-trackers';

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

describe('marketing tracker tags: script, iframe and Google tags (spec 3 §3, §4; decision 088)', () => {
  const fresh = () => {
    document.head.querySelectorAll('script[data-playz-tag]').forEach((s) => s.remove());
    document.body.querySelectorAll('iframe').forEach((f) => f.remove());
    const win = window as Window & { dataLayer?: unknown[]; gtag?: unknown };
    delete win.dataLayer;
    delete win.gtag;
    return win;
  };

  it('fills the affiliate ids into the URL template, encoded; an unknown placeholder is empty', () => {
    expect(
      filledUrl('https://t.example/p?a={account}&s={serviceID}&x={nope}', { account: 'a b', serviceID: '3' }),
    ).toBe('https://t.example/p?a=a%20b&s=3&x=');
  });

  it('a url called by script or iframe is not an image; `method` chooses', () => {
    const frame = { Name: 'f', Data: { url: 'https://t.example/f?yp={yp}', method: 'iframe', yp: '7' } };
    expect(pixelUrlsOf(frame, 'visit')).toEqual([]);
    expect(tagsOf(frame, 'visit')).toEqual([{ kind: 'iframe', src: 'https://t.example/f?yp=7' }]);
    expect(tagsOf({ Name: 's', Data: { url: 'https://t.example/s.js', method: 'Script' } }, 'visit')).toEqual([
      { kind: 'script', src: 'https://t.example/s.js' },
    ]);
    expect(tagsOf({ Name: 'http', Data: { script: 'http://t.example/s.js' } }, 'visit')).toEqual([]);
  });

  it('loads each script once, frames hidden and sandboxed to scripts', () => {
    fresh();
    const trackers: MarketingTracker[] = [
      { Name: 'a', Data: { script: 'https://t.example/s.js' } },
      { Name: 'b', Data: { script: 'https://t.example/s.js' } },
      { Name: 'c', Data: { url: 'https://t.example/f', method: 'iframe' } },
    ];
    fireTrackers(trackers, 'visit');
    fireTrackers(trackers, 'visit');
    expect(document.head.querySelectorAll('script[src="https://t.example/s.js"]')).toHaveLength(1);
    const frames = document.body.querySelectorAll('iframe');
    expect(frames).toHaveLength(2);
    expect(frames[0]!.hidden).toBe(true);
    expect(frames[0]!.getAttribute('sandbox')).toBe('allow-scripts');
  });

  it("Tag Manager gets the action's event; a Google tag its config and the conversion to <id>/<add>", () => {
    const win = fresh() as Window & { dataLayer?: unknown[] };
    fireTrackers(
      [
        { Name: 'gtm', Data: { gtmID: 'GTM-ABC' } },
        { Name: 'ads', Data: { googleGtagID: 'AW-1', add: 'label' } },
      ],
      'subscription',
    );
    expect(win.dataLayer).toContainEqual({ event: 'playz.subscription' });
    const calls = (win.dataLayer ?? [])
      .filter((entry) => !('event' in (entry as object)))
      .map((a) => Array.from(a as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'AW-1']);
    expect(calls).toContainEqual(['event', 'conversion', { send_to: 'AW-1/label' }]);
    const sources = [...document.head.querySelectorAll('script[data-playz-tag]')].map((s) => s.getAttribute('src'));
    expect(sources).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC',
      'https://www.googletagmanager.com/gtag/js?id=AW-1',
    ]);
  });
});
