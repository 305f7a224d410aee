import type { MarketingTracker } from '@playz/api-contract';

/** Twitter's conversion needs a price and a quantity; the spec's fallbacks (spec 3 §9). */
const TWITTER_FALLBACK_PRICE = '2.00';
const TWITTER_FALLBACK_QUANTITY = '1';

const isHttpUrl = (value: string | undefined): value is string => !!value && /^https:\/\//.test(value);

/**
 * The image pixels of a tracker (spec 3 §3, §4 "pixels call third-party advertising hosts by
 * image, script or iframe"). Only images are fired: a script or an iframe of an advertiser would
 * run its code in our page with the viewer's session, an image only tells the host a conversion
 * happened (decision 028). An explicit `url` wins; otherwise the providers whose no-script
 * image endpoints are public: Facebook (pixelID / facebookID), Twitter (twitterID), Google Ads
 * (conversionID).
 */
export function pixelUrlsOf(tracker: MarketingTracker, action: 'visit' | 'subscription'): string[] {
  const data = tracker.Data;
  if (isHttpUrl(data.url)) return [data.url];
  const urls: string[] = [];
  const facebookId = data.pixelID ?? data.facebookID;
  if (facebookId) {
    const event = action === 'visit' ? 'PageView' : 'Subscribe';
    urls.push(`https://www.facebook.com/tr?id=${encodeURIComponent(facebookId)}&ev=${event}&noscript=1`);
  }
  if (data.twitterID) {
    urls.push(
      `https://analytics.twitter.com/i/adsct?txn_id=${encodeURIComponent(data.twitterID)}&p_id=Twitter` +
        `&tw_sale_amount=${TWITTER_FALLBACK_PRICE}&tw_order_quantity=${TWITTER_FALLBACK_QUANTITY}`,
    );
  }
  if (data.conversionID) {
    const label = data.add ? `&label=${encodeURIComponent(data.add)}` : '';
    urls.push(
      `https://www.googleadservices.com/pagead/conversion/${encodeURIComponent(data.conversionID)}/?guid=ON&script=0${label}`,
    );
  }
  return urls;
}

/** Fires the pixels by image: nothing is added to the page, nothing waits for them. */
export function firePixels(trackers: readonly MarketingTracker[], action: 'visit' | 'subscription'): string[] {
  const urls = trackers.flatMap((tracker) => pixelUrlsOf(tracker, action));
  for (const url of urls) {
    const image = new Image(1, 1);
    image.referrerPolicy = 'no-referrer-when-downgrade';
    image.src = url;
  }
  return urls;
}
