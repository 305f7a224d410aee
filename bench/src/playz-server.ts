import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareData } from '../../apps/server/src/startup';
import type { StreamSigner } from '../../apps/server/src/streaming/stream-signing';
import { writeFixtureClips } from '../../apps/server/test/support/live-media';
import { addFiftyItemCollection } from './fifty-item-collection';
import type { RecordedResponse, RunningServer } from './peer-server';

/**
 * The real server, built in this process as the API tests build it, over a fresh SQLite file with
 * the demo data, listening on a free port. NODE_ENV=production turns off the per-response
 * contract check, as in real deployments.
 */
export async function startPlayzServer(
  options: { streamSigner?: StreamSigner; env?: Record<string, string> } = {},
): Promise<RunningServer & { port: number; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    // The demo data's accounts and stand-ins, as `npm start` has them (decision 047).
    PLAYZ_DEMO: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLAYZ_SKIP_MEDIA: '1',
    PUBLIC_URL: 'http://localhost:3000',
    // A run's own settings (the soak's 2,000 viewers need more device places).
    ...options.env,
  });
  const database = await prepareData(config);
  await addFiftyItemCollection(database);
  // Live channels read their clips' playlists (no video is made here): the API tests' fixtures.
  writeFixtureClips(dataDir);
  const app = await buildApp(config, {
    database,
    streamSecret: 'bench-secret-bench-secret-bench-secret',
    ...(options.streamSigner ? { streamSigner: options.streamSigner } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The API answers HTTP 200 with `Error.Number` 0 on success (spec 1 §8); anything else fails the run. */
function assertApiSuccess(what: string, status: number, body: Buffer, contentType: string) {
  if (status < 200 || status > 299) throw new Error(`${what}: HTTP ${status}: ${body.toString('utf8').slice(0, 300)}`);
  if (!contentType.includes('json')) return;
  const parsed = JSON.parse(body.toString('utf8')) as { Error?: { Number?: number } };
  if (parsed.Error && parsed.Error.Number !== 0)
    throw new Error(`${what}: API error ${parsed.Error.Number}: ${body.toString('utf8').slice(0, 300)}`);
}

/** Logs in through the API and returns the `cookie` header value of the new session. */
export async function logIn(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/1.2/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  const body = Buffer.from(await response.arrayBuffer());
  assertApiSuccess(`log-in as ${login}`, response.status, body, response.headers.get('content-type') ?? '');
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('playz_sid='));
  if (!cookie) throw new Error(`log-in as ${login}: no playz_sid cookie`);
  return cookie.split(';')[0] ?? '';
}

/** Fetches the real answer once: it is what the peer will replay. */
export async function recordResponse(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<RecordedResponse> {
  // Identity encoding: fetch would otherwise decode a compressed body and the bytes would differ.
  const response = await fetch(url, { method, headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  assertApiSuccess(`${method} ${url}`, response.status, body, contentType);
  if (response.headers.has('content-encoding')) throw new Error(`${method} ${url}: unexpected content-encoding`);
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body };
}
