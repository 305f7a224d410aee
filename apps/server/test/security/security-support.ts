import fs from 'node:fs';
import path from 'node:path';
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

/** A finished clip for content 1001 ("ocean", as playback.api.test.ts lays it out). */
export function writeOceanClip(dataDir: string) {
  const dir = path.join(dataDir, 'media/clips/ocean');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'manifest.mpd'),
    '<MPD mediaPresentationDuration="PT32.0S">\n\t<Period id="0"></Period>\n</MPD>\n',
  );
  fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nmedia_0.m3u8\n');
  fs.writeFileSync(
    path.join(dir, 'media_0.m3u8'),
    '#EXTM3U\n#EXT-X-MAP:URI="init-stream0.m4s"\n#EXTINF:3.200000,\nchunk-stream0-00001.m4s\n#EXT-X-ENDLIST\n',
  );
  fs.writeFileSync(path.join(dir, 'init-stream0.m4s'), 'init');
  fs.writeFileSync(path.join(dir, 'chunk-stream0-00001.m4s'), 'segment');
  fs.writeFileSync(path.join(dir, 'preview.mp4'), 'teaser');
  fs.writeFileSync(path.join(dir, 'poster.jpg'), 'poster');
  fs.writeFileSync(
    path.join(dir, 'clip.json'),
    JSON.stringify({
      key: 'ocean',
      title: 'Ocean',
      durationSec: 32,
      width: 1280,
      height: 720,
      renditions: [{ height: 720, width: 1280, bandwidth: 2500000 }],
      hlsPath: 'clips/ocean/master.m3u8',
      dashPath: 'clips/ocean/manifest.mpd',
      thumbnails: [{ percent: 0, timeSec: 0, path: 'clips/ocean/thumb-000.jpg' }],
      posterPath: 'clips/ocean/poster.jpg',
      portraitPath: 'clips/ocean/portrait.jpg',
      previewPath: 'clips/ocean/preview.mp4',
    }),
  );
}

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
