/** The phone pages a TV may hand over (decision 034 "Apps"): the subscription paid by link. */
const HANDOFF_PAGES = [/^\/billing\/link\/[^/]+$/, /^\/customer\/link$/];

/**
 * The page of ours the linked TV hands to this phone (`?handoff=` on the TV's page), as a path to
 * open here, or null. A URL of another origin, or another page of ours, is ignored: a friend's TV
 * must not send this phone anywhere it likes.
 */
export function handoffOf(tvPage: string | null, origin: string): string | null {
  if (!tvPage) return null;
  try {
    const offered = new URL(tvPage, 'http://tv.invalid').searchParams.get('handoff');
    if (!offered) return null;
    const url = new URL(offered);
    if (url.origin !== origin || !HANDOFF_PAGES.some((page) => page.test(url.pathname))) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
