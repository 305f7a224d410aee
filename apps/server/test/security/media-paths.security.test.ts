import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { logIn, report, writeOceanClip } from './security-support';

/**
 * Check 2 (docs/reliability.md): every media, licence and image path, without credentials and with path
 * traversal variants (`..`, `%2e%2e`, `%2f`, double encoding, backslashes, overlong UTF-8,
 * absolute paths, NUL), sent as raw HTTP over a socket so nothing normalises them on the way
 * (app.inject resolves dot segments as WHATWG URLs do). Pass rule: never a file outside the media
 * folder, never a 5xx; manifests and segments refused without a grant.
 */
let t: TestApp;
let port: number;
let manifestBase = '';
let segmentBase = '';
let requests = 0;
const SECRET = `OUTSIDE-THE-MEDIA-FOLDER-${Math.random().toString(36).slice(2)}`;
const SECRET_NAMES = ['secret-outside.jpg', 'secret-outside.m4s', 'secret-outside.mpd', 'secret-outside.mp4'];

/** One request as bytes on a socket: the path goes out exactly as written. */
function rawRequest(method: string, target: string): Promise<{ status: number; text: string }> {
  requests += 1;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    const body = method === 'POST' ? '{"kids":["AAAAAAAAAAAAAAAAAAAAAA"],"type":"temporary"}' : '';
    // Written, not ended: a half-closed socket may lose a streamed answer. Connection: close ends it.
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(
      Buffer.concat([
        Buffer.from(`${method} `, 'latin1'),
        Buffer.from(target, 'latin1'),
        Buffer.from(
          ` HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
            (body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : '') +
            `\r\n${body}`,
          'latin1',
        ),
      ]),
    );
  });
}

/** Ways to write "one folder up" that servers and path libraries have mistaken for it. */
const UP = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '.%2e/',
  '%252e%252e%252f',
  '..%252f',
  '..\\',
  '..%5c',
  '%2e%2e%5c',
  '..%c0%af',
  '%c0%ae%c0%ae/',
  '....//',
  '..;/',
  '..%00/',
  '..\u0000/',
];

/** Where a request can start: every media, live, download, licence and image entry point. */
function bases(): { method: string; prefix: string }[] {
  return [
    { method: 'GET', prefix: '/media/' },
    { method: 'GET', prefix: '/media/art/avatars/' },
    { method: 'GET', prefix: '/media/clips/ocean/' },
    { method: 'GET', prefix: manifestBase },
    { method: 'GET', prefix: segmentBase },
    { method: 'GET', prefix: '/media/s/not-a-grant/' },
    { method: 'GET', prefix: '/media/s/' },
    { method: 'GET', prefix: '/media/d/not-a-grant/' },
    { method: 'GET', prefix: `/media/d/${segmentBase.split('/')[3]}/` },
    { method: 'GET', prefix: '/live/not-a-grant/' },
    { method: 'GET', prefix: '/assets/' },
    { method: 'GET', prefix: '/' },
    { method: 'POST', prefix: '/drm/license/' },
    { method: 'POST', prefix: '/drm/license?licenseToken=x&f=' },
  ];
}

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' }, listen: true });
  port = Number(new URL(t.config.publicUrl).port);
  writeOceanClip(t.config.dataDir);
  const other = path.join(t.config.dataDir, 'media/clips/other');
  fs.mkdirSync(other, { recursive: true });
  for (const f of ['manifest.mpd', 'master.m3u8', 'media_0.m3u8', 'init-stream0.m4s', 'chunk-stream0-00001.m4s']) {
    fs.writeFileSync(path.join(other, f), 'segment of another clip');
  }
  // Files a traversal would reach: beside the media folder, and at the top of the data folder.
  for (const name of SECRET_NAMES) {
    fs.writeFileSync(path.join(t.config.dataDir, name), SECRET);
    fs.mkdirSync(path.join(t.config.dataDir, 'private'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'private', name), SECRET);
  }
  const cookie = await logIn(t.app, 'abonne@playz.fr', 'playz2026', '10.99.0.1');
  const stream = await t.app.inject({
    url: '/api/1.2/content/1001/url/adaptive?target=player_dash',
    headers: { cookie, 'x-forwarded-for': '10.99.0.1' },
  });
  const url = stream.json().Response.AdaptiveStream.url as string;
  manifestBase = url.slice(0, url.lastIndexOf('/') + 1);
  const manifest = await t.app.inject(url);
  segmentBase = /<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!;
}, 60_000);
afterAll(async () => {
  report('media paths', { requests });
  await t?.close();
});

/** Runs requests a few at a time; answers the breaches of the pass rule. */
async function sweep(
  targets: { method: string; target: string }[],
  extra?: (r: { status: number; text: string }) => string | null,
) {
  const breaches: string[] = [];
  for (let i = 0; i < targets.length; i += 16) {
    await Promise.all(
      targets.slice(i, i + 16).map(async ({ method, target }) => {
        const r = await rawRequest(method, target);
        const why =
          r.status === 0
            ? 'no answer'
            : r.status >= 500
              ? `HTTP ${r.status}`
              : r.text.includes(SECRET) || r.text.includes('root:x:0:0')
                ? `HTTP ${r.status} with a file from outside the media folder`
                : (extra?.(r) ?? null);
        if (why) breaches.push(`${method} ${JSON.stringify(target)} → ${why}`);
      }),
    );
  }
  return breaches;
}

describe('check 2: media, licence and image paths (docs/reliability.md) — never a file outside the media folder, never a 5xx, no manifest or segment without a grant', () => {
  it('the harness reaches what it should: a public poster, and segments and manifests through their grants', async () => {
    expect((await rawRequest('GET', '/media/clips/ocean/poster.jpg')).text).toContain('poster');
    expect((await rawRequest('GET', `${segmentBase}chunk-stream0-00001.m4s`)).text).toContain('\r\n\r\nsegment');
    expect((await rawRequest('GET', `${manifestBase}manifest.mpd`)).status).toBe(200);
  });

  it('traversal variants from every entry point, 1 to 5 folders up, to files beside the media folder and /etc/passwd: none served, no 5xx', async () => {
    const targets: { method: string; target: string }[] = [];
    for (const { method, prefix } of bases()) {
      for (const up of UP) {
        for (let depth = 1; depth <= 5; depth += 1) {
          for (const name of [...SECRET_NAMES, `private/${SECRET_NAMES[0]}`, 'etc/passwd']) {
            const to =
              depth === 5 || name === 'etc/passwd' ? `${up.repeat(depth + 6)}${name}` : up.repeat(depth) + name;
            targets.push({ method, target: prefix + to });
          }
        }
      }
    }
    const breaches = await sweep(targets);
    report('media traversal', { cases: targets.length });
    expect(breaches).toEqual([]);
  });

  it('absolute paths, NUL bytes, backslashes and encoded slashes after every entry point: none served, no 5xx', async () => {
    const abs = path.join(t.config.dataDir, SECRET_NAMES[0]!);
    const tails = [
      abs,
      encodeURIComponent(abs),
      `/${abs}`,
      abs.replace(/\//g, '\\'),
      '/etc/passwd',
      '%2fetc%2fpasswd',
      '%252fetc%252fpasswd',
      '//etc/passwd',
      'file:///etc/passwd',
      `clips/ocean/poster.jpg%00${abs}`,
      'clips/ocean/poster.jpg\u0000.m3u8',
      'clips/ocean/manifest.mpd%00.jpg',
      'clips/ocean/chunk-stream0-00001.m4s%00.jpg',
      'clips\\ocean\\..\\..\\..\\secret-outside.jpg',
      'clips/ocean/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret-outside.jpg',
      `${'%2e%2e%2f'.repeat(3)}private%2fsecret-outside.jpg`,
      'C:\\Windows\\win.ini',
      '~/secret-outside.jpg',
    ];
    const targets = bases().flatMap(({ method, prefix }) => tails.map((tail) => ({ method, target: prefix + tail })));
    const breaches = await sweep(targets);
    report('media absolute/NUL', { cases: targets.length });
    expect(breaches).toEqual([]);
  });

  it('manifests and segments without a grant (bare paths, a forged or cut grant, the other grant kind, encoded variants): refused', async () => {
    const files = ['manifest.mpd', 'master.m3u8', 'media_0.m3u8', 'init-stream0.m4s', 'chunk-stream0-00001.m4s'];
    const grant = segmentBase.split('/')[3]!;
    const prefixes = [
      '/media/clips/ocean/',
      '/media/clips%2focean%2f',
      '/media//clips/ocean/',
      '/media/./clips/ocean/',
      '/media/CLIPS/ocean/',
      '/media/s/not-a-grant/clips/ocean/',
      `/media/s/${grant.slice(0, -2)}/clips/ocean/`,
      `/media/s/${grant}x/clips/ocean/`,
      `/media/s/${grant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}/clips/ocean/`,
      '/media/s//clips/ocean/',
      '/media/d/not-a-grant/clips/ocean/',
      // The grant is for clips/ocean: another clip's files stay shut, however the path climbs out.
      `/media/s/${grant}/clips/ocean/../other/`,
      `/media/s/${grant}/clips/ocean/%2e%2e/other/`,
      `/media/s/${grant}/clips/ocean/..%2fother/`,
      `/media/s/${grant}/clips/other/`,
    ];
    const targets = prefixes.flatMap((p) => files.map((f) => ({ method: 'GET', target: p + f })));
    // The segment grant opens segments and a finished clip's media playlists (decision 042), never
    // the manifests that carry the checks; the manifest grant never segments.
    for (const f of files.filter((x) => x.endsWith('.mpd') || x === 'master.m3u8'))
      targets.push({ method: 'GET', target: segmentBase + f });
    for (const f of files.filter((x) => x.endsWith('.m4s'))) targets.push({ method: 'GET', target: manifestBase + f });
    const breaches = await sweep(targets, (r) =>
      r.status === 200 || /\r\n\r\n(segment|init|#EXTM3U|<MPD)/.test(r.text)
        ? `HTTP ${r.status}: served without a grant`
        : null,
    );
    report('media without grant', { cases: targets.length });
    expect(breaches).toEqual([]);
  });

  it('the licence server and proxy without a token, with a forged one, or with junk bodies: refused with 4xx, never a key', async () => {
    const bodies = ['', '{}', 'null', '{"kids":[]}', '{"kids":["../../etc/passwd"]}', '\u0000', '{'.repeat(5000)];
    const paths = [
      '/drm/license',
      '/drm/license?licenseToken=',
      '/drm/license?licenseToken=forged',
      '/drm/license/widevine',
      '/drm/license/fairplay?licenseToken=x',
      '/drm/license/..%2f..%2fetc%2fpasswd',
    ];
    const breaches: string[] = [];
    for (const p of paths) {
      for (const body of bodies) {
        requests += 1;
        const res = await t.app.inject({
          method: 'POST',
          url: p,
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
        if (res.statusCode >= 500 || res.statusCode < 400 || /"keys"/.test(res.body)) {
          breaches.push(
            `POST ${p} ${JSON.stringify(body.slice(0, 20))} → HTTP ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
        }
      }
    }
    expect(breaches).toEqual([]);
  });
});
