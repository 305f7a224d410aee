import { describe, expect, it, vi } from 'vitest';
import { endpoints, type Endpoint } from '@playz/api-contract';
import { API_CLIENT_ERROR_EVENT, ApiClientError, ApiError, createApiClient } from './index';

function replyWith(body: string, status = 200) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(body, { status }));
}

function envelope(response: unknown, number = 0, message = 'ok') {
  return JSON.stringify({ Response: response, Error: { Number: number, Message: message } });
}

function setup(
  fetchMock: ReturnType<typeof replyWith>,
  extra: { validateResponsesWith?: () => Promise<Record<string, Endpoint>> } = {},
) {
  const events = new EventTarget();
  const seen: CustomEvent[] = [];
  events.addEventListener(API_CLIENT_ERROR_EVENT, (event) => seen.push(event as CustomEvent));
  const client = createApiClient({
    baseUrl: 'http://api.test',
    getCommonParams: () => ({ platform: 'Web', locale: 'fr', device_udid: 'udid-1', c: undefined }),
    fetch: fetchMock as unknown as typeof fetch,
    eventTarget: events,
    ...extra,
  });
  return { client, seen };
}

describe('createApiClient', () => {
  it('sends GET calls with the common parameters and path parameters in the URL', async () => {
    const fetchMock = replyWith(envelope({ Content: { contentID: 7 } }));
    const { client } = setup(fetchMock);
    const result = await client.getContent({ params: { id: 7 } });
    expect(result).toEqual({ Content: { contentID: 7 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    const parsed = new URL(String(url));
    expect(parsed.pathname).toBe('/api/1.2/content/7');
    expect(parsed.searchParams.get('platform')).toBe('Web');
    expect(parsed.searchParams.get('device_udid')).toBe('udid-1');
    expect(parsed.searchParams.has('c')).toBe(false);
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
  });

  it('adds endpoint query values to GET calls', async () => {
    const fetchMock = replyWith(envelope({ Rows: [] }));
    const { client } = setup(fetchMock);
    await client.getPageRows({ params: { id: 'home' }, query: { with_data: '1' } });
    const parsed = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(parsed.pathname).toBe('/api/1.2/page/home/rows');
    expect(parsed.searchParams.get('with_data')).toBe('1');
  });

  it('form-encodes POST bodies together with the common parameters', async () => {
    const fetchMock = replyWith(envelope({ Customer: { logged: true } }));
    const { client } = setup(fetchMock);
    await client.logIn({ body: { login: 'a@b.fr', password: 'secret' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://api.test/api/1.2/customer');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(init?.body));
    expect(form.get('login')).toBe('a@b.fr');
    expect(form.get('password')).toBe('secret');
    expect(form.get('locale')).toBe('fr');
  });

  it('turns a non-zero Error.Number into an ApiError with number, message and status', async () => {
    const { client, seen } = setup(replyWith(envelope(null, 11, 'Connexion impossible'), 401));
    const error = await client.logIn({ body: { login: 'a@b.fr', password: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ number: 11, message: 'Connexion impossible', status: 401 });
    expect(seen).toHaveLength(0);
  });

  it('keeps the Reason of a refusal, so a 4 for too many devices is told from a plain 4 (decision 018)', async () => {
    const body = JSON.stringify({
      Response: null,
      Error: { Number: 4, Message: 'Connexions multiples', Reason: 'DevicesLimitReached' },
    });
    const { client } = setup(replyWith(body, 403));
    const refused = await client.getContentAdaptiveUrl({ params: { id: 1 } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ number: 4, status: 403, reason: 'DevicesLimitReached' });
    const plain = await setup(replyWith(envelope(null, 4, 'forbidden'), 403))
      .client.getContentAdaptiveUrl({ params: { id: 1 } })
      .catch((e: unknown) => e);
    expect(plain).toMatchObject({ number: 4, reason: null });
  });

  it('sends a keepalive request when asked, so a call made while leaving the page completes', async () => {
    const fetchMock = replyWith(envelope({ Success: true }));
    const { client } = setup(fetchMock);
    await client.stopPlayback({ keepalive: true });
    expect(fetchMock.mock.calls[0]![1]?.keepalive).toBe(true);
  });

  it('reports a network failure and fires the api-client-error event', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client, seen } = setup(fetchMock as unknown as ReturnType<typeof replyWith>);
    const error = await client.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as Error).message).toBe('API Error: network error');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail).toMatchObject({ kind: 'network', path: '/data' });
  });

  it("reports an unparsable reply as can't parse json and fires the event", async () => {
    const { client, seen } = setup(replyWith('<html>oops</html>', 502));
    const error = await client.getData().catch((e: unknown) => e);
    expect((error as Error).message).toBe("can't parse json");
    expect(seen).toHaveLength(1);
  });

  it('reports an empty reply as Empty response without firing the event', async () => {
    const { client, seen } = setup(replyWith(''));
    const error = await client.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as Error).message).toBe('Empty response');
    expect(seen).toHaveLength(0);
  });

  it('treats a successful envelope with a null Response as empty', async () => {
    const { client } = setup(replyWith(envelope(null)));
    await expect(client.getData()).rejects.toThrow('Empty response');
  });

  it('checks responses against the contract when asked to', async () => {
    const { client } = setup(replyWith(envelope({ Content: { contentID: 'not a number' } })), {
      validateResponsesWith: async () => endpoints,
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(client.getContent({ params: { id: 1 } })).rejects.toThrow('Response does not match the contract');
    spy.mockRestore();
  });

  it('rejects a call that misses a path parameter before any request', async () => {
    const fetchMock = replyWith(envelope({}));
    const { client } = setup(fetchMock);
    await expect(client.getContent()).rejects.toThrow(/Missing path parameter "id"/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('exposes one method per endpoint of the contract', () => {
    const { client } = setup(replyWith(''));
    for (const name of Object.keys(endpoints)) {
      expect(typeof (client as unknown as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('lets an aborted request reject with the abort, not a network error', async () => {
    const controller = new AbortController();
    const fetchMock = vi.fn(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const { client, seen } = setup(fetchMock as unknown as ReturnType<typeof replyWith>);
    const error = await client.getData({ signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(0);
  });
});
