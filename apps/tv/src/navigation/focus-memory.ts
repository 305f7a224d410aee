import { doesFocusableExist, getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';

/**
 * Where the focus was on each page (by path), so coming back to a page (back key) puts it on the
 * same card of the same row (decision 035: restored when the viewer comes back to a row).
 */
const lastFocus = new Map<string, string>();
/** Where the focus goes when a page's own items are not there: a failed page's retry, the menu. */
const LAST_RESORTS = ['page-retry', 'menu'];
/** The page shown now and where its focus goes when it has none (first row, first card). */
let page: { path: string; fallback: string } | null = null;

/**
 * Called by every focusable when it gets the focus: it becomes the page's item to come back to.
 * The menu and the last resorts are not: a page waiting for its data puts the focus there, and
 * its own first item must win once it is on screen.
 */
export function rememberFocus(focusKey: string) {
  if (!page || focusKey.startsWith('menu') || LAST_RESORTS.includes(focusKey)) return;
  lastFocus.set(page.path, focusKey);
}

/**
 * A dialog that keeps the focus until it is answered (cookie consent): it wins over the page.
 * `within` is the prefix of its own items' keys: a focus already on one of them stays there.
 */
let modal: { key: string; within: string } | null = null;

export function setModalFocus(focusKey: string | null, within = focusKey ?? '') {
  modal = focusKey ? { key: focusKey, within } : null;
  if (modal) void setFocus(modal.key);
  else focusPage();
}

export function setPageFocus(path: string, fallback: string) {
  page = { path, fallback };
}

/** Focuses the page's remembered item, else its fallback, else a last resort; false when none is on screen. */
export function focusPage(): boolean {
  if (modal && doesFocusableExist(modal.key)) {
    // The viewer moved within the dialog: a page behind it settling later (its own focus, a
    // frame after it renders) must not put the focus back on the dialog's first button.
    const current = getCurrentFocusKey();
    if (!(current?.startsWith(modal.within) && doesFocusableExist(current))) void setFocus(modal.key);
    return true;
  }
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
