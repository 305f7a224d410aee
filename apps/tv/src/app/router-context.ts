import { createContext, useCallback, useContext } from 'react';
import type { DataRouter } from 'react-router';

/**
 * The app's data router (browser or memory, router.tsx). Named by react-router's own type: the
 * pages the router shows read this context, so it may not depend on the router's module.
 */
export type TvRouter = DataRouter;

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
