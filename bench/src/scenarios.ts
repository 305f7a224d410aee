import { FIFTY_ITEM_COLLECTION_ID } from './fifty-item-collection';

/**
 * What the benchmark measures. Each scenario is one request replayed by autocannon against
 * Playz and against a bare node:http peer answering the same bytes. Add a line to add a scenario.
 */
export interface Scenario {
  name: string;
  method: 'GET';
  /** Path and query, from the server root. */
  path: string;
  headers?: Record<string, string>;
  /** `subscriber` logs the demo subscriber in once and sends its session cookie. */
  actor?: 'visitor' | 'subscriber';
  /** A path known only once the server runs (a signed stream URL), asked with the actor's headers. */
  resolvePath?: (baseUrl: string, headers: Record<string, string>) => Promise<string>;
}

/**
 * The HLS media playlist of channel 1, live: built from the guide and the clock at each request
 * (decision 022), reached through the signed URL the subscriber is given.
 */
async function liveMediaPlaylist(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${baseUrl}/api/1.2/channel/1/url/adaptive?target=player_hls`, { headers });
  const body = (await response.json()) as { Response?: { AdaptiveStream?: { url: string } } };
  const url = body.Response?.AdaptiveStream?.url;
  if (!url) throw new Error(`no live stream for channel 1: ${JSON.stringify(body).slice(0, 300)}`);
  return url.replace('master.m3u8', 'media_0.m3u8');
}

export const scenarios: Scenario[] = [
  { name: 'App data, visitor', method: 'GET', path: '/api/1.2/data' },
  { name: 'App data, logged subscriber', method: 'GET', path: '/api/1.2/data', actor: 'subscriber' },
  { name: 'Content page 1001, visitor', method: 'GET', path: '/api/1.2/content/1001' },
  {
    name: 'Home page rows, logged subscriber',
    method: 'GET',
    path: '/api/1.2/page/home/rows?with_data=1',
    actor: 'subscriber',
  },
  {
    name: 'Live HLS media playlist, channel 1',
    method: 'GET',
    path: '/live/{grant}/media_0.m3u8',
    actor: 'subscriber',
    resolvePath: liveMediaPlaylist,
  },
  {
    name: 'Collection of 50 contents, visitor',
    method: 'GET',
    path: `/api/1.2/content-collection/${FIFTY_ITEM_COLLECTION_ID}`,
  },
];

/** The demo subscriber seeded by the server (apps/server/src/db/seed/demo-settings.ts). */
export const DEMO_SUBSCRIBER = { login: 'abonne@playz.fr', password: 'playz2026' };
