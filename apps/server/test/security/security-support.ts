import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_BASE_PATH, endpoints, type Endpoint } from '@playz/api-contract';
import { isApiErrorNumber } from '@playz/domain';

/** Every endpoint of the contract with its name (the table the server registers from). */
export const contractEndpoints = (Object.entries(endpoints) as [string, Endpoint][]).map(([name, e]) => ({
  name,
  ...e,
}));

/** The keys of a contract object schema (params, query or body), or none. */
export function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD's bytes). */
export function percentEncode(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Calls one endpoint: query on GETs, a form body on POSTs, path parameters filled in. */
export function callOf(
  e: { method: 'GET' | 'POST'; path: string },
  opts: {
    params?: Record<string, string>;
    fields?: Record<string, string>;
    cookie?: string;
    bearer?: string;
    headers?: Record<string, string>;
    rawPath?: boolean;
  } = {},
): InjectOptions {
  const pathPart = e.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = opts.params?.[key] ?? '1';
    return opts.rawPath ? value : percentEncode(value);
  });
  const form = new URLSearchParams(opts.fields ?? {}).toString();
  const headers: Record<string, string> = {
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}),
    ...opts.headers,
  };
  if (e.method === 'POST') {
    return {
      method: 'POST',
      url: API_BASE_PATH + pathPart,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form,
    };
  }
  return { method: 'GET', url: API_BASE_PATH + pathPart + (form ? `?${form}` : ''), headers };
}

/**
 * Why an answer under /api/1.2 breaks the envelope rule (ARCHITECTURE decision 1): a 5xx, a body
 * that is not `{Response, Error: {Number, Message}}`, or a number outside the catalogue. Null when
 * the answer keeps the rule.
 */
export function envelopeBreach(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON (HTTP ${res.statusCode}): ${res.body.slice(0, 200)}`;
  }
  const b = body as { Response?: unknown; Error?: { Number?: unknown; Message?: unknown } };
  if (!b || typeof b !== 'object' || !('Response' in b) || !b.Error) {
    return `no envelope: ${res.body.slice(0, 200)}`;
  }
  const n = b.Error.Number;
  if (typeof n !== 'number' || !isApiErrorNumber(n)) return `number ${String(n)} is not in the catalogue`;
  if (typeof b.Error.Message !== 'string') return 'no Error.Message';
  return null;
}

/** The session cookie an answer sets, as a Cookie header. */
export function sessionOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'playz_sid');
  if (!c) throw new Error(`no session cookie: ${res.body.slice(0, 300)}`);
  return `playz_sid=${c.value}`;
}

export { writeOceanClip } from '../support/ocean-clip';

/** Logs in through the API from an address of its own (log-in limits count per address). */
export async function logIn(app: FastifyInstance, login: string, password: string, ip: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}/customer`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    payload: new URLSearchParams({ login, password }).toString(),
  });
  return sessionOf(res);
}

/** Figures each check adds to, printed at the end of a run (docs/reliability.md). */
export function report(check: string, figures: Record<string, number>) {
  console.log(
    `[security] ${check}: ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
}
