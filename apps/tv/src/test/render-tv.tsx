import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { remoteKeyOf } from '@playz/platform';
import type { TvDevice } from '@/app/device-context';
import { TvApp } from '@/app/tv-app';
import { createTestRouter } from '@/app/router';
import { createTvApiClient } from '@/lib/api';
import { createTvI18n } from '@/lib/i18n';

/** An API answer: the Response of the envelope, or an error number of the catalogue (spec 1 §8). */
export type Reply = { response: unknown } | { error: number; reason?: string; status?: number };
export type Handler = Reply | ((query: URLSearchParams) => Reply);

const TEST_DEVICE: TvDevice = {
  platform: 'Web',
  lowMemory: false,
  remoteKeyOf: (event) => remoteKeyOf(event, 'Web'),
  exit: () => false,
};

/**
 * The whole TV app (real routes and providers) at `path` over a fake API: `handlers` answer
 * "GET /path" calls with the envelope of spec 1 §7; anything else is error 7.
 */
export function renderTv(path: string, handlers: Record<string, Handler>, device = TEST_DEVICE) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/1\.2/, '')}`;
    calls.push(key);
    const handler = handlers[key];
    const reply = typeof handler === 'function' ? handler(url.searchParams) : (handler ?? { error: 7 });
    const body =
      'response' in reply
        ? { Response: reply.response, Error: { Number: 0, Message: 'ok' } }
        : {
            Response: null,
            Error: {
              Number: reply.error,
              Message: `error ${reply.error}`,
              ...(reply.reason ? { Reason: reply.reason } : {}),
            },
          };
    // An error may come with its HTTP status (429 for a lockout, decision 009); else 200 as in spec 1 §7.
    const status = 'error' in reply ? (reply.status ?? 200) : 200;
    return new Response(JSON.stringify(body), { status });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createTestRouter(path);
  const view = render(
    <TvApp
      device={device}
      router={router}
      services={{
        api: createTvApiClient(
          () => ({ platform: 'Web', device_udid: 'tv-test' }),
          fetchMock as unknown as typeof fetch,
        ),
        queryClient,
        i18n: createTvI18n('fr'),
      }}
    />,
  );
  return { ...view, router, calls, queryClient, fetchMock };
}
