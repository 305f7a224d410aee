import type { MarketingTracker } from '@playz/api-contract';

/** Twitter's conversion needs a price and a quantity; the spec's fallbacks (spec 3 §9). */
const TWITTER_FALLBACK_PRICE = '2.00';
const TWITTER_FALLBACK_QUANTITY = '1';
const GOOGLE_TAG_HOST = 'https://www.googletagmanager.com';

const isHttpUrl = (value: string | undefined): value is string => !!value && /^https:\/\//.test(value);

/**
 * A tracker's URL with its `{field}` placeholders filled from its own Data (decision 088): the
 * affiliate networks' ids the spec lists (account, yp, customerID, serviceID...) go where the
 * operator's URL template puts them, encoded; an unknown placeholder is left empty.
 */
export function filledUrl(template: string, data: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, field: string) => encodeURIComponent(data[field] ?? ''));
}

/** How a tracker's `url` is called: `method` image (the default), script or iframe (spec 3 §4). */
const methodOf = (data: Record<string, string>) => {
  const method = (data.method ?? 'image').toLowerCase();
  return method === 'script' || method === 'iframe' ? method : 'image';
};

/**
 * The image pixels of a tracker (spec 3 §3, §4 "pixels call third-party advertising hosts by
 * image, script or iframe"): an explicit `url` called by image wins; otherwise the providers whose
 * no-script image endpoints are public: Facebook (pixelID / facebookID), Twitter (twitterID),
 * Google Ads (conversionID). Scripts and frames are `tagsOf`'s (decision 088).
 */
export function pixelUrlsOf(tracker: MarketingTracker, action: 'visit' | 'subscription'): string[] {
  const data = tracker.Data;
  if (data.url !== undefined && methodOf(data) !== 'image') return [];
  if (isHttpUrl(data.url)) return [filledUrl(data.url, data)];
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

/** What a tracker loads beyond images: scripts, hidden frames, and Google's tags with their events. */
export type Tag =
  | { kind: 'script'; src: string }
  | { kind: 'iframe'; src: string }
  | { kind: 'gtm'; id: string; event: string }
  | { kind: 'gtag'; id: string; sendTo: string | null };

/**
 * The scripts and frames of a tracker (decision 088). The server hands out only those whose host
 * is in the operator's MARKETING_TAG_HOSTS, which the page's CSP allows; https is required here
 * again. Google Tag Manager gets a `playz.visit` or `playz.subscription` event in its dataLayer;
 * a Google tag (Ads `googleGtagID`, Campaign Manager / Display & Video `googleGdmID`) a
 * conversion sent to `<id>/<add>` when the tracker names the label `add`, else its page view.
 */
export function tagsOf(tracker: MarketingTracker, action: 'visit' | 'subscription'): Tag[] {
  const data = tracker.Data;
  const tags: Tag[] = [];
  if (isHttpUrl(data.script)) tags.push({ kind: 'script', src: filledUrl(data.script, data) });
  const method = methodOf(data);
  if (method !== 'image' && isHttpUrl(data.url)) tags.push({ kind: method, src: filledUrl(data.url, data) });
  if (data.gtmID) tags.push({ kind: 'gtm', id: data.gtmID, event: `playz.${action}` });
  for (const id of [data.googleGtagID, data.googleGdmID])
    if (id) tags.push({ kind: 'gtag', id, sendTo: data.add ? `${id}/${data.add}` : null });
  return tags;
}

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** Each script once per page, whatever the number of trackers naming it. */
function loadScript(doc: Document, src: string) {
  if ([...doc.scripts].some((script) => script.dataset.playzTag === src)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.playzTag = src;
  script.referrerPolicy = 'strict-origin-when-cross-origin';
  doc.head.appendChild(script);
}

/** Runs one tag in the page; Google's tags queue their calls until their script has loaded. */
function runTag(tag: Tag, doc: Document) {
  const win = doc.defaultView as TagWindow | null;
  if (!win) return;
  switch (tag.kind) {
    case 'script':
      return loadScript(doc, tag.src);
    case 'iframe': {
      // Hidden, and sandboxed to scripts only: the frame cannot reach this page or navigate it.
      const frame = doc.createElement('iframe');
      frame.src = tag.src;
      frame.hidden = true;
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      doc.body.appendChild(frame);
      return;
    }
    case 'gtm':
      win.dataLayer = win.dataLayer ?? [];
      win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' }, { event: tag.event });
      return loadScript(doc, `${GOOGLE_TAG_HOST}/gtm.js?id=${encodeURIComponent(tag.id)}`);
    case 'gtag': {
      win.dataLayer = win.dataLayer ?? [];
      const layer = win.dataLayer;
      // gtag.js reads the arguments objects its stub queued, as Google's own snippet does.
      win.gtag =
        win.gtag ??
        function gtag() {
          // eslint-disable-next-line prefer-rest-params
          layer.push(arguments);
        };
      win.gtag('js', new Date());
      win.gtag('config', tag.id);
      if (tag.sendTo) win.gtag('event', 'conversion', { send_to: tag.sendTo });
      return loadScript(doc, `${GOOGLE_TAG_HOST}/gtag/js?id=${encodeURIComponent(tag.id)}`);
    }
  }
}

/**
 * Fires the trackers of an action, only ever called with advertising consent (spec 3 §4): image
 * pixels by image (nothing added to the page, nothing waits for them), then the tags the server
 * allowed. Returns the pixel URLs fired.
 */
export function fireTrackers(
  trackers: readonly MarketingTracker[],
  action: 'visit' | 'subscription',
  doc: Document = document,
): string[] {
  const urls = trackers.flatMap((tracker) => pixelUrlsOf(tracker, action));
  for (const url of urls) {
    const image = new Image(1, 1);
    image.referrerPolicy = 'no-referrer-when-downgrade';
    image.src = url;
  }
  for (const tag of trackers.flatMap((tracker) => tagsOf(tracker, action))) runTag(tag, doc);
  return urls;
}
