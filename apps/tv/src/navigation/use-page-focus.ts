import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { focusPage, setPageFocus } from './focus-memory';

/**
 * The page's starting focus once its items are on screen (`ready`): the item focused when the
 * viewer left the page, else `fallback`. Focus is never left nowhere.
 */
export function usePageFocus(fallback: string, ready: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    setPageFocus(pathname, fallback);
    if (!ready) return;
    // Items register with the spatial navigation in their own effects: focus once they all did.
    const frame = requestAnimationFrame(() => focusPage());
    return () => cancelAnimationFrame(frame);
  }, [pathname, fallback, ready]);
}
