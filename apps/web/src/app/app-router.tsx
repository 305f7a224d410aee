import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router, UNSAFE_createBrowserHistory, type NavigateOptions } from 'react-router';
import { noteNavigation } from './scroll-restoration';

/** The browser's history, or a memory one (react-router's UNSAFE_createMemoryHistory) in tests. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

let browserHistory: AppHistory | undefined;

/**
 * react-router's declarative router, as its `<BrowserRouter>`, in place of its data router
 * (decision 132: 17 kB less on the landing). It keeps the two navigation options the app took
 * from the data router: `flushSync` renders the next page within the call (the channel zap,
 * decision 128) and `preventScrollReset` keeps the scroll (a series' season tabs). Every other
 * navigation renders in a transition, as with both of react-router's routers, and each one tells
 * the scroll restoration before the next page renders.
 */
export function AppRouter({ children, history }: { children: ReactNode; history?: AppHistory }) {
  const [source] = useState(() => history ?? (browserHistory ??= UNSAFE_createBrowserHistory({ v5Compat: true })));
  const [state, setState] = useState({ action: source.action, location: source.location });
  const asked = useRef<NavigateOptions>({});
  const [navigator] = useState(() => {
    // react-router's navigate() (useNavigate, <Link>) passes its options after the entry's state.
    const withOptions =
      (go: AppHistory['push']) =>
      (to: Parameters<AppHistory['push']>[0], entryState?: unknown, options: NavigateOptions = {}) => {
        asked.current = options;
        try {
          go(to, entryState);
        } finally {
          asked.current = {};
        }
      };
    // The history's other members (createHref, go, encodeLocation…) unchanged.
    return Object.assign(Object.create(source) as AppHistory, {
      push: withOptions(source.push),
      replace: withOptions(source.replace),
    });
  });
  useLayoutEffect(
    () =>
      // Called within push and replace, and on the browser's back and forward (popstate).
      source.listen(({ action, location }) => {
        const { flushSync: now, preventScrollReset } = asked.current;
        noteNavigation(location, preventScrollReset === true);
        if (now) flushSync(() => setState({ action, location }));
        else startTransition(() => setState({ action, location }));
      }),
    [source],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
