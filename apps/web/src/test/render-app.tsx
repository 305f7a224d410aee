import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { AppRoutes, preloadRoutes } from '@/app/router';
import { createWebApiClient } from '@/lib/api';
import { createI18n } from '@/lib/i18n';
import { createTestRouter } from './test-router';

// On-demand route files (React.lazy) are loaded once here, so a test's first render of a page
// does not wait for its module to be transformed.
await preloadRoutes();

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}

export type MockReply =
  | { response: unknown; status?: number }
  | { error: number; message?: string; status?: number }
  | { raw: string; status?: number }
  | { networkError: true };

export type MockHandler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** A fetch that answers API calls from a table keyed by 'METHOD /path' (path under /api/1.2). */
export function mockApi(handlers: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: MockRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/1\.2/, ''),
      query: url.searchParams,
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : (init?.body?.toString() ?? '')),
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const reply: MockReply = !handler
      ? { error: 7, message: 'not found', status: 404 }
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    if ('raw' in reply) return new Response(reply.raw, { status: reply.status ?? 200 });
    const body =
      'response' in reply
        ? { Response: reply.response, Error: { Number: 0, Message: 'ok' } }
        : { Response: null, Error: { Number: reply.error, Message: reply.message ?? `error ${reply.error}` } };
    return new Response(JSON.stringify(body), { status: reply.status ?? 200 });
  });
  const callsTo = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { fetchMock, requests, callsTo };
}

/** Renders the whole app (real routes, providers, api client) at `path` over a mocked API. */
export function renderApp(path: string, handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const services = {
    api: createWebApiClient(api.fetchMock as unknown as typeof fetch),
    queryClient,
    i18n: createI18n('fr'),
  };
  // The app's router and routes, as main.tsx renders them, over a memory history.
  const { element, router } = createTestRouter(path, <AppRoutes />);
  const view = render(<AppProviders services={services}>{element}</AppProviders>);
  return { ...view, ...api, router, queryClient };
}
