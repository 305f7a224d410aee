import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { createWebApiClient } from '@/lib/api';
import { createI18n } from '@/lib/i18n';
import { mockApi, type MockHandler } from './render-app';
import { createTestRouter } from './test-router';

/**
 * Renders one widget inside the app's providers and router (a memory history at `path`), over a
 * mocked API; `router` exposes the location so tests can see hash changes and go back.
 */
export function renderWidget(
  ui: ReactNode,
  { path = '/', handlers = {} }: { path?: string; handlers?: Record<string, MockHandler> } = {},
) {
  const api = mockApi(handlers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const services = {
    api: createWebApiClient(api.fetchMock as unknown as typeof fetch),
    queryClient,
    i18n: createI18n('fr'),
  };
  const { element, router } = createTestRouter(path, ui);
  const view = render(<AppProviders services={services}>{element}</AppProviders>);
  return { ...view, ...api, router, queryClient };
}
