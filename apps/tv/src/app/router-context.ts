import { createContext, useCallback, useContext } from 'react';
import type { createTvRouter } from './router';

export type TvRouter = ReturnType<typeof createTvRouter>;

/** The app's router (TvApp), for code that must read where the app is now, not at its last render. */
export const TvRouterContext = createContext<TvRouter | null>(null);

/**
 * The path the router is on at the moment of the call (without the /tv basename). Not the
 * window's: a test's memory router never changes it, and a component's useLocation is only as
 * recent as its last render (one that has unmounted never learns where the app went).
 */
export function useCurrentPath(): () => string {
  const router = useContext(TvRouterContext);
  return useCallback(() => {
    if (!router) throw new Error('useCurrentPath needs TvApp’s router');
    return router.state.location.pathname;
  }, [router]);
}
