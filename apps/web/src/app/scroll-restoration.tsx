import { useLayoutEffect } from 'react';
import { useLocation, type Location } from 'react-router';

/** react-router's own key: positions a page saved before decision 132 still restore after it. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** Each history entry's last scroll position, by location key (kept in the tab's session). */
let positions: Record<string, number> = {};
/** The entry whose navigation asked to keep the scroll (`navigate(to, { preventScrollReset: true })`). */
let keepsScroll: string | null = null;
/** The entry shown, while a `ScrollRestoration` is mounted. */
let shown: string | null = null;

/**
 * Told by the app's router (app-router.tsx) as a navigation starts, before the next page renders:
 * the page left keeps its position for a later back or forward (as react-router's data router did).
 */
export function noteNavigation(to: Location, preventScrollReset: boolean): void {
  if (shown !== null) positions[shown] = window.scrollY;
  keepsScroll = preventScrollReset ? to.key : null;
}

/** A page opens at its saved position, else at the hash's element, else at the top unless kept. */
function restoreScroll(location: Location): void {
  const saved = positions[location.key];
  if (typeof saved === 'number') return window.scrollTo(0, saved);
  if (location.hash) {
    try {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) return target.scrollIntoView();
    } catch {
      // Not an element id (a malformed escape): as without a hash.
    }
  }
  if (keepsScroll !== location.key) window.scrollTo(0, 0);
}

/**
 * The scroll of react-router's `<ScrollRestoration>` (decision 132), for the declarative router:
 * on back and forward the position the entry had; else the element the hash names; else the top
 * of the page, unless the navigation asked to keep it. The positions outlive a reload.
 */
export function ScrollRestoration() {
  const location = useLocation();
  useLayoutEffect(() => {
    try {
      positions = { ...(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as typeof positions), ...positions };
    } catch {
      // No session storage: positions last as long as the page.
    }
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      if (shown !== null) positions[shown] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // As above.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      shown = null;
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
  useLayoutEffect(() => {
    shown = location.key;
    restoreScroll(location);
  }, [location]);
  return null;
}
