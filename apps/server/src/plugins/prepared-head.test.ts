import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreparedHead } from './prepared-head';

// Decision 133: the hot paths' head is made once and completed per request (id, length, date,
// connection lines); the bytes on the wire must be exactly node:http's writeHead's.
const FIELDS: [string, string][] = [
  ['content-security-policy', "default-src 'self'; img-src 'self' data:"],
  ['x-frame-options', 'DENY'],
  ['cache-control', 'no-store'],
  ['content-type', 'application/json; charset=utf-8'],
];
const BODY = Buffer.from('{"Response":{"App":{},"Customer":{"logged":true}},"Error":{"Number":0}}');

const servers: http.Server[] = [];
/** writeHead calls made by either kind of server (the prepared head's fallback included). */
let writeHeads = 0;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A node:http server answering every request with the fields, by writeHead or by the prepared head. */
async function serve(prepared: boolean, settings: { keepAliveTimeout?: number; maxRequestsPerSocket?: number }) {
  const head = createPreparedHead(FIELDS);
  let n = 0;
  const server = http.createServer((_request, response) => {
    const id = `id-${++n}`;
    const writeHead = response.writeHead.bind(response);
    response.writeHead = ((...args: Parameters<typeof writeHead>) => (writeHeads++, writeHead(...args))) as never;
    if (prepared) head.write(response, id, BODY);
    else {
      response.writeHead(200, { ...Object.fromEntries(FIELDS), 'x-request-id': id, 'content-length': BODY.length });
      response.end(BODY);
    }
  });
  Object.assign(server, settings);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The raw bytes a connection receives for `requests` (sent at once), the dates masked. */
function exchange(port: number, requests: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/^Date: .*$/gm, 'Date: (masked)'),
      ),
    );
    socket.end(requests);
  });
}

const get = (lines: string[] = [], version = '1.1', method = 'GET') =>
  [`${method} /api/1.2/data HTTP/${version}`, 'Host: localhost', ...lines, '', ''].join('\r\n');

describe('decision 133: a prepared head sends the bytes node:http writeHead sends', () => {
  const cases: [string, string][] = [
    ['a keep-alive request', get()],
    ['three pipelined requests', get() + get() + get()],
    ['Connection: close', get(['Connection: close'])],
    ['HTTP/1.0', get([], '1.0')],
    ['HTTP/1.0 with keep-alive', get(['Connection: keep-alive'], '1.0') + get([], '1.0')],
    ['Expect: 100-continue', get(['Expect: 100-continue'])],
    ['HEAD', get([], '1.1', 'HEAD')],
  ];
  for (const settings of [{}, { keepAliveTimeout: 72_000 }, { keepAliveTimeout: 0 }, { maxRequestsPerSocket: 2 }])
    it(`with server settings ${JSON.stringify(settings)}`, async () => {
      const [byWriteHead, byPrepared] = [await serve(false, settings), await serve(true, settings)];
      for (const [what, requests] of cases) {
        const expected = await exchange(byWriteHead, requests);
        expect(expected, what).toContain('HTTP/1.1 200 OK');
        expect(await exchange(byPrepared, requests), what).toBe(expected);
      }
    });

  it('writes no writeHead in the plain case, and leaves the others to writeHead', async () => {
    const port = await serve(true, { keepAliveTimeout: 72_000 });
    writeHeads = 0;
    await exchange(port, get() + get());
    expect(writeHeads).toBe(0);
    await exchange(port, get(['Connection: close']));
    await exchange(port, get([], '1.0'));
    expect(writeHeads).toBe(2);
  });

  it('checks the fixed headers once and refuses those node:http or the answer decides', () => {
    expect(() => createPreparedHead([['x-bad', 'a\r\nb']])).toThrow();
    for (const name of ['Date', 'connection', 'keep-alive', 'content-length', 'x-request-id', 'transfer-encoding'])
      expect(() => createPreparedHead([[name, '1']]), name).toThrow(/cannot fix/);
  });

  it('a request id with a line break is refused before anything is written, as writeHead refuses it', async () => {
    const head = createPreparedHead(FIELDS);
    const server = http.createServer((_request, response) => {
      expect(() => head.write(response, 'id\r\nx-evil: 1', BODY)).toThrow();
      expect(response.headersSent).toBe(false);
      response.end('refused');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const answer = await exchange((server.address() as AddressInfo).port, get(['Connection: close']));
    expect(answer).not.toContain('x-evil');
    expect(answer).toContain('refused');
  });
});
