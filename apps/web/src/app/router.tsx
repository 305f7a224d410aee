import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { ContentRoute } from './routes/content.route';
import { CrashRoute, ErrorRoute } from './routes/error.route';
import { HomeRoute, InterRoute } from './routes/home.route';
import { LoginRoute } from './routes/login.route';
import { RootRoute } from './routes/root.route';

/**
 * The routes of this slice (spec 1 §2). Every other path of the route table answers the
 * not-found page until its screen exists: no placeholder pages.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <CrashRoute />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'service/inter', element: <InterRoute /> },
      { path: 'customer/login', element: <LoginRoute /> },
      { path: 'content/:contentId/:slug', element: <ContentRoute /> },
      { path: 'error/server-error', element: <ErrorRoute kind="server-error" /> },
      { path: 'error/forbidden', element: <ErrorRoute kind="forbidden" /> },
      { path: 'error/not-found', element: <ErrorRoute kind="not-found" /> },
      { path: '*', element: <ErrorRoute kind="not-found" /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export const createTestRouter = (initialEntries: string[]) => createMemoryRouter(routes, { initialEntries });
