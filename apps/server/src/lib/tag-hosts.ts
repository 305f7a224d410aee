/**
 * The third-party hosts whose scripts and frames the web app may load for marketing trackers and
 * audience tags (decision 088): the operator lists them (MARKETING_TAG_HOSTS), the page's CSP
 * allows exactly them, and a tracker that needs any other host is never handed to a browser.
 */
export const GOOGLE_TAG_HOST = 'https://www.googletagmanager.com';

/** MARKETING_TAG_HOSTS: comma-separated https origins; the problems name what is not one. */
export function parseTagHosts(value: string | undefined): { hosts: string[]; problems: string[] } {
  const hosts: string[] = [];
  const problems: string[] = [];
  for (const item of (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:' || url.origin !== item.replace(/\/$/, ''))
      problems.push(`MARKETING_TAG_HOSTS: ${JSON.stringify(item)} is not an https origin (https://host[:port])`);
    else if (!hosts.includes(url.origin)) hosts.push(url.origin);
  }
  return { hosts, problems };
}

/** Whether a tag's URL is https on one of the listed hosts. */
export function isAllowedTagUrl(value: string | undefined, hosts: readonly string[]): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && hosts.includes(url.origin);
  } catch {
    return false;
  }
}
