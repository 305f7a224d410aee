import { expect } from 'vitest';
import { errorNumber, get } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { writeFixtureClips } from './live-media';

/** A test app with the packaged fixture clips its live channels play (live-media.ts). */
export async function createLiveTestApp(opts: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(opts);
  writeFixtureClips(t.config.dataDir);
  return t;
}

/** The channel's HLS media playlist URL (`/live/{grant}/media_0.m3u8`) for this session, as a player reaches it. */
export async function livePlaylistOf(t: TestApp, cookie: string, channel: number): Promise<string> {
  const res = await t.app.inject(get(`/channel/${channel}/url/adaptive`, { cookie, query: { target: 'player_hls' } }));
  expect(errorNumber(res), res.body.slice(0, 200)).toBe(0);
  return (res.json().Response.AdaptiveStream.url as string).replace('master.m3u8', 'media_0.m3u8');
}

/** nginx's question before it serves a live playlist or segment itself (deploy/nginx/playz.conf). */
export const liveGrantCheck = (t: TestApp, uri: string) =>
  t.app.inject({ method: 'GET', url: '/internal/live-grant', headers: { 'x-original-uri': uri } });

/** Live answers made before routing so far (decisions 039, 126), as GET /metrics tells an operator. */
export async function liveFromMemory(t: TestApp, what: 'manifests' | 'segments'): Promise<number> {
  const text = await (await fetch(`${t.config.publicUrl}/metrics`)).text();
  return Number(new RegExp(`^playz_live_${what}_from_memory_total (\\d+)`, 'm').exec(text)?.[1]);
}

/**
 * A live URL fetched over HTTP from an app that listens (the path before routing is before
 * Fastify: inject never reaches it), and whether it was answered from memory (`what` counted
 * one more). With `settle`, what the answer started reading behind it (the session, the guide,
 * the file) is read before this returns, so the next request finds it.
 */
export async function fetchLive(
  t: TestApp,
  what: 'manifests' | 'segments',
  url: string,
  opts: { init?: RequestInit; settle?: boolean } = {},
): Promise<{ status: number; body: Buffer; headers: Record<string, string>; hot: boolean }> {
  const before = await liveFromMemory(t, what);
  const response = await fetch(`${t.config.publicUrl}${url}`, opts.init);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  const hot = (await liveFromMemory(t, what)) - before === 1;
  if (opts.settle) await t.app.live.settled();
  return { status: response.status, body, headers, hot };
}

/** An answer's headers but those whose value differs on every answer, whichever way it was made (checked here). */
export function withoutPerAnswer(headers: Record<string, string>): Record<string, string> {
  const { date, 'x-request-id': id, 'keep-alive': _keepAlive, connection: _connection, ...rest } = headers;
  expect(Date.parse(date ?? '')).toBeGreaterThan(0);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
}
