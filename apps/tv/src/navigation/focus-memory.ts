import { doesFocusableExist, getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';

/**
 * Where the focus was on each page (by path), so coming back to a page (back key) puts it on the
 * same card of the same row (issue 11 "restored when the viewer comes back to a row").
 */
const lastFocus = new Map<string, string>();
/** The page shown now and where its focus goes when it has none (first row, first card). */
let page: { path: string; fallback: string } | null = null;

/** Called by every focusable when it gets the focus: it becomes the page's item to come back to. */
export function rememberFocus(focusKey: string) {
  if (page) lastFocus.set(page.path, focusKey);
}

export function recalledFocus(path: string): string | undefined {
  return lastFocus.get(path);
}

export function setPageFocus(path: string, fallback: string) {
  page = { path, fallback };
}

/** Where the focus goes when a page's own items are not there: a failed page's retry, the menu. */
const LAST_RESORTS = ['page-retry', 'menu'];

/** Focuses the page's remembered item, else its fallback, else a last resort; false when none is on screen. */
export function focusPage(): boolean {
  if (!page) return false;
  const candidates = [lastFocus.get(page.path), page.fallback, ...LAST_RESORTS];
  const target = candidates.find((key) => key !== undefined && doesFocusableExist(key));
  if (!target) return false;
  void setFocus(target);
  return true;
}

/** True when it had to put the focus back (nothing focused, or the focused item is gone). */
export function ensureFocus(): boolean {
  const current = getCurrentFocusKey();
  if (current && doesFocusableExist(current)) return false;
  return focusPage();
}
