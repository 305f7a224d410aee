import {
  API_BASE_PATH,
  endpointRoutes,
  type BodyOf,
  type CommonParams,
  type Endpoint,
  type EndpointRoute,
  type endpoints,
  type QueryOf,
  type ResponseOf,
} from '@playz/api-contract';
import { firesClientErrorEvent } from '@playz/domain';
import {
  API_CLIENT_ERROR_EVENT,
  ApiClientError,
  ApiError,
  type ApiClientErrorDetail,
  type ApiClientErrorKind,
} from './errors';

type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
type Scalar = string | number | boolean | null | undefined;

export interface CallInput<E> {
  /** Values for the `:name` segments of the endpoint path. */
  params?: Record<string, string | number>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a call made while the page is being left). */
  keepalive?: boolean;
}

export type EndpointMethod<E> = (input?: CallInput<E>) => Promise<ResponseOf<E>>;

/** One typed method per endpoint of the contract: `client.getContent({ params: { id } })`. */
export type EndpointMethods = { [K in EndpointName]: EndpointMethod<Endpoints[K]> };

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the API host; '' for the page's own origin. */
  baseUrl: string;
  /** Read at every call, so a language or login change applies to the next request. */
  getCommonParams: () => Partial<CommonParams>;
  /**
   * Parse each Response with the contract's zod schemas, which this loads on the first check
   * (development builds pass `() => import('@playz/api-contract').then((c) => c.endpoints)`).
   * The client itself never imports the schemas: a production web build stays without zod.
   */
  validateResponsesWith?: () => Promise<Record<string, Endpoint>>;
  fetch?: typeof fetch;
  /** Where the 'api-client-error' event is fired; defaults to globalThis when it is an EventTarget. */
  eventTarget?: EventTarget | null;
}

export interface ApiClient extends EndpointMethods {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ResponseOf<E>>;
  /** Absolute or site-relative URL of an endpoint with the common parameters (for <a href>, logs). */
  urlOf<E extends Endpoint>(endpoint: E, input?: Pick<CallInput<E>, 'params' | 'query'>): string;
}

function toFormValue(value: Scalar): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function appendAll(target: URLSearchParams, values: object | undefined): void {
  if (!values) return;
  for (const [key, raw] of Object.entries(values)) {
    const value = toFormValue(raw as Scalar);
    if (value !== undefined) target.set(key, value);
  }
}

export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function defaultEventTarget(): EventTarget | null {
  const target = globalThis as unknown as Partial<EventTarget>;
  return typeof target.dispatchEvent === 'function' ? (globalThis as unknown as EventTarget) : null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const eventTarget = options.eventTarget === undefined ? defaultEventTarget() : options.eventTarget;
  const root = `${options.baseUrl.replace(/\/$/, '')}${API_BASE_PATH}`;

  function fail(kind: ApiClientErrorKind, path: string, cause?: unknown): never {
    const error = new ApiClientError(kind, path, { cause });
    // Network and parse failures are announced (spec 1 §8); an empty reply is not.
    if (kind !== 'contract' && firesClientErrorEvent(kind) && eventTarget && typeof CustomEvent === 'function') {
      const detail: ApiClientErrorDetail = { kind, message: error.message, path };
      eventTarget.dispatchEvent(new CustomEvent(API_CLIENT_ERROR_EVENT, { detail }));
    }
    throw error;
  }

  function buildUrl(route: EndpointRoute, params?: Record<string, string | number>, values?: unknown): string {
    const search = new URLSearchParams();
    appendAll(search, options.getCommonParams());
    appendAll(search, values as object | undefined);
    const query = search.toString();
    return `${root}${buildPath(route.path, params)}${query ? `?${query}` : ''}`;
  }

  function urlOf<E extends Endpoint>(endpoint: E, input: Pick<CallInput<E>, 'params' | 'query'> = {}): string {
    return buildUrl(endpoint, input.params, input.query);
  }

  /** Checks a response against its endpoint's schema: the endpoint's own, or the contract's by name. */
  async function check(
    loadSchemas: () => Promise<Record<string, Endpoint>>,
    endpoint: EndpointRoute & { response?: Endpoint['response'] },
    name: string | null,
    response: unknown,
    path: string,
  ) {
    const schema = endpoint.response ?? (name !== null ? (await loadSchemas())[name]?.response : undefined);
    if (!schema) return response;
    const parsed = schema.safeParse(response);
    if (!parsed.success) {
      console.error(
        `[api-client] ${endpoint.method} ${endpoint.path} does not match the contract`,
        parsed.error.issues,
      );
      return fail('contract', path, parsed.error);
    }
    return parsed.data;
  }

  async function send<E>(
    endpoint: EndpointRoute & { response?: Endpoint['response'] },
    name: string | null,
    input: CallInput<E> = {},
  ): Promise<ResponseOf<E>> {
    const path = buildPath(endpoint.path, input.params);
    let url: string;
    const init: RequestInit = {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: input.signal ?? null,
      ...(input.keepalive ? { keepalive: true } : {}),
    };
    if (endpoint.method === 'GET') {
      url = buildUrl(endpoint, input.params, input.query);
    } else {
      // Posts are form-encoded, common parameters included (spec 1 §7).
      const form = new URLSearchParams();
      appendAll(form, options.getCommonParams());
      appendAll(form, input.query as object | undefined);
      appendAll(form, input.body as object | undefined);
      url = `${root}${path}`;
      init.body = form;
      init.headers = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
    }

    let reply: Response;
    let text: string;
    try {
      reply = await doFetch(url, init);
      text = await reply.text();
    } catch (cause) {
      // An abort is the caller's choice, not a network failure: let it through untouched.
      if (input.signal?.aborted) throw cause;
      return fail('network', path, cause);
    }
    if (text.trim() === '') return fail('empty', path);

    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch (cause) {
      return fail('parse', path, cause);
    }
    const error = (envelope as { Error?: { Number?: unknown; Message?: unknown; Reason?: unknown } } | null)?.Error;
    if (!error || typeof error.Number !== 'number') return fail('parse', path);
    if (error.Number !== 0) {
      const message = typeof error.Message === 'string' ? error.Message : '';
      const reason = typeof error.Reason === 'string' ? error.Reason : null;
      throw new ApiError(error.Number, message, reply.status, path, reason);
    }
    const response = (envelope as { Response?: unknown }).Response;
    if (response === null || response === undefined) return fail('empty', path);

    const loadSchemas = options.validateResponsesWith;
    if (loadSchemas) return (await check(loadSchemas, endpoint, name, response, path)) as ResponseOf<E>;
    return response as ResponseOf<E>;
  }

  const call = <E extends Endpoint>(endpoint: E, input?: CallInput<E>) => send<E>(endpoint, null, input);
  // One method per endpoint, from the zod-free route table (same names, methods and paths).
  const methods = Object.fromEntries(
    Object.entries(endpointRoutes).map(([name, route]) => [
      name,
      (input?: CallInput<Endpoint>) => send(route, name, input),
    ]),
  ) as unknown as EndpointMethods;

  return { ...methods, call, urlOf };
}
