/** What the <head> of a shared page says (decision 014). Paths are site-relative. */
export interface SharePage {
  title: string;
  description: string;
  /** The .html route of the item: the one URL search engines should keep. */
  canonicalPath: string;
  imagePath: string | null;
  type: 'video.movie' | 'video.episode' | 'video.tv_show' | 'video.other' | 'website';
}

/** The poster size the media pipeline writes (tools/media poster-args): 16:9. */
export const SHARE_IMAGE_WIDTH = 1280;
/** Social preview image height is 9/16 of the width (spec 2 §9). */
export const SHARE_IMAGE_HEIGHT = Math.round((SHARE_IMAGE_WIDTH * 9) / 16);
/**
 * "twitter image size 160" (spec 2 §9), read as the least height in px of the twitter picture
 * (decision 014): below it the large card falls back to the site picture.
 */
export const TWITTER_IMAGE_MIN_HEIGHT = 160;

const DESCRIPTION_MAX = 200;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Without JavaScript a page still has a shell: used when the web app is not built. */
export const FALLBACK_TEMPLATE =
  '<!doctype html>\n<html lang="fr">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Playz</title>\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

function clamp(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : flat;
}

/** The tags of a shared page: title, description, canonical URL, Open Graph and Twitter card. */
export function shareTags(page: SharePage, publicUrl: string, siteName: string): string {
  const title = `${page.title} | ${siteName}`;
  const description = clamp(page.description);
  const url = publicUrl + page.canonicalPath;
  const image = page.imagePath ? publicUrl + page.imagePath : null;
  const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image
      ? [
          meta('property', 'og:image', image),
          meta('property', 'og:image:width', SHARE_IMAGE_WIDTH),
          meta('property', 'og:image:height', SHARE_IMAGE_HEIGHT),
        ]
      : []),
    meta(
      'name',
      'twitter:card',
      image && SHARE_IMAGE_HEIGHT >= TWITTER_IMAGE_MIN_HEIGHT ? 'summary_large_image' : 'summary',
    ),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/**
 * Puts the page's tags into the web app's index.html: its own <title> and description are
 * replaced, the rest goes before </head>.
 */
export function injectHead(template: string, tags: string): string {
  const cleaned = template
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  return appendToHead(cleaned, tags);
}

/** Adds tags at the end of index.html's <head>, leaving the rest as it is. */
export function appendToHead(html: string, tags: string): string {
  return html.replace(/\s*<\/head>/i, `\n${tags}  </head>`);
}

/**
 * Adds tags to index.html's <head> before its first script or module preload, so that what they
 * ask is asked before the app's code (a browser queues requests in document order among equal
 * priorities); at the end of <head> when it has none.
 */
export function beforeScripts(html: string, tags: string): string {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd < 0 ? html : html.slice(0, headEnd);
  const first = head.search(/<script\b|<link\s+rel="modulepreload"/i);
  if (first < 0) return appendToHead(html, tags);
  return `${html.slice(0, first)}${tags.trimStart()}    ${html.slice(first)}`;
}
