import type { ReactNode } from 'react';
import { UNSAFE_createMemoryHistory, type Location, type NavigationType, type To } from 'react-router';
import { AppRouter, type AppHistory } from '@/app/app-router';

export interface TestRouterState {
  location: Location;
  historyAction: NavigationType;
}

/** What the tests read of the router and do with it (the shape of react-router's data router). */
export interface TestRouter {
  readonly state: TestRouterState;
  /** A navigation as a page's navigate() makes it: a path, or a step back or forward. */
  navigate: (to: To | number, options?: { replace?: boolean; state?: unknown }) => Promise<void>;
  /** Told each new location, once the history has it (before the page renders). */
  subscribe: (listener: (state: TestRouterState) => void) => () => void;
}

/**
 * The app's own router (app/app-router.tsx, decision 132) over a memory history starting at
 * `path`, and a handle on it for the test.
 */
export function createTestRouter(path: string, children: ReactNode): { element: ReactNode; router: TestRouter } {
  const memory = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const listeners = new Set<(state: TestRouterState) => void>();
  const router: TestRouter = {
    get state() {
      return { location: memory.location, historyAction: memory.action };
    },
    navigate: (to, options = {}) => {
      if (typeof to === 'number') memory.go(to);
      else if (options.replace) memory.replace(to, options.state);
      else memory.push(to, options.state);
      return Promise.resolve();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  // The history takes one listener, the router's: the test's are told after it.
  const history: AppHistory = Object.assign(Object.create(memory) as AppHistory, {
    listen: (listener: Parameters<AppHistory['listen']>[0]) =>
      memory.listen((update) => {
        listener(update);
        for (const told of listeners) told(router.state);
      }),
  });
  return { element: <AppRouter history={history}>{children}</AppRouter>, router };
}
