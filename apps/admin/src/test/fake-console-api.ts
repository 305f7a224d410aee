import { vi } from 'vitest';

type Reply = { status?: number; number?: number; response?: unknown; message?: string };
type Handler = (body: unknown, url: URL) => Reply;

/**
 * A stand-in for /api/admin in component tests: routes by method and path, answers the envelope,
 * and records the calls made (with their JSON bodies and content type).
 */
export function fakeConsoleApi(routes: Record<string, Handler>) {
  const calls: { route: string; url: URL; body: unknown; contentType: string | null }[] = [];
  const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/admin', '')}`;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ route, url, body, contentType: new Headers(init?.headers).get('content-type') });
    const handler = routes[route];
    const reply = handler ? handler(body, url) : { status: 404, number: 6 };
    return new Response(
      JSON.stringify({
        Response: reply.response ?? null,
        Error: { Number: reply.number ?? 0, Message: reply.message ?? 'x' },
      }),
      { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { calls };
}

export const ANA = {
  id: 1,
  email: 'ana@playz.fr',
  name: 'Ana Martin',
  roles: ['admin'],
  enrolled: true,
  disabled: false,
  createdAt: '2026-11-29T09:00:00.000Z',
};
