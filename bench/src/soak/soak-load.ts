import type { SoakLoadMessage, SoakLoadSample, SoakLoadSetup } from './soak-settings';

/**
 * The soak's load, forked by soak.ts so the server's process holds only the server: its RSS and
 * heap are what the soak watches. Each viewer runs the same journey on a fixed clock (a fixed
 * load, not as fast as possible): app data, home rows, the live stream URL, three playlist
 * reloads each with a segment fetched through its signed URL, a favourite write and a resume
 * point save.
 */
const FAVOURITE_IDS = [1001, 1004, 1005, 1008];

let latencies: number[] = [];
let requests = 0;
let errors = 0;
let errorExamples: string[] = [];

function fail(what: string) {
  errors++;
  if (errorExamples.length < 5) errorExamples.push(what);
}

/** One request, timed; a non-2xx answer, a network failure or an API error (spec 1 §8) is an error. */
async function call(url: string, cookie: string): Promise<string | null> {
  const started = performance.now();
  requests++;
  try {
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    const text = await response.text();
    latencies.push(performance.now() - started);
    if (response.status < 200 || response.status > 299) {
      fail(`HTTP ${response.status} ${new URL(url).pathname}`);
      return null;
    }
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      const number = (JSON.parse(text) as { Error?: { Number?: number } }).Error?.Number;
      if (number !== undefined && number !== 0) {
        fail(`API error ${number} ${new URL(url).pathname}`);
        return null;
      }
    }
    return text;
  } catch (error) {
    fail(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

async function journey(setup: SoakLoadSetup, viewer: number, cycle: number) {
  const api = `${setup.baseUrl}/api/1.2`;
  await call(`${api}/data`, setup.cookie);
  await call(`${api}/page/home/rows?with_data=1`, setup.cookie);
  const stream = await call(`${api}/channel/1/url/adaptive?target=player_hls`, setup.cookie);
  const master = stream
    ? (JSON.parse(stream) as { Response?: { AdaptiveStream?: { url: string } } }).Response?.AdaptiveStream?.url
    : undefined;
  if (stream && !master) fail('no AdaptiveStream url for channel 1');
  if (master) {
    // The API answers a path on its own origin (the scenario "Live HLS media playlist" reads it so too).
    const playlistUrl = new URL(master.replace('master.m3u8', 'media_0.m3u8'), setup.baseUrl).toString();
    for (let reload = 0; reload < 3; reload++) {
      const playlist = await call(playlistUrl, setup.cookie);
      if (playlist === null) continue;
      const segment = playlist.split('\n').find((line) => line.trim() && !line.startsWith('#'));
      if (!segment) fail('live playlist without a segment');
      else await call(new URL(segment.trim(), playlistUrl).toString(), setup.cookie);
    }
  }
  const favourite = FAVOURITE_IDS[(viewer + cycle) % FAVOURITE_IDS.length];
  await call(`${api}/content/${favourite}/set-favorite?is_favorite=${cycle % 2 ? 0 : 1}`, setup.cookie);
  await call(`${api}/content/1001/playback/status?playback_time=${10 + ((cycle * 10) % 3000)}`, setup.cookie);
}

/**
 * One HLS player on channel 1 (the HLS viewers mode): asks its stream once, then every segment
 * (cycleMs) reloads the media playlist and fetches its newest segment, resolved against the
 * playlist's URL as a player does.
 */
async function hlsViewerLoop(setup: SoakLoadSetup, viewer: number, endAt: number) {
  const { cookies, rampMs } = setup.hls!;
  const cookie = cookies[viewer % cookies.length]!;
  // Viewers arrive over the ramp, as an audience does at a programme's start.
  await new Promise((resolve) => setTimeout(resolve, (viewer * rampMs) / setup.viewers));
  const stream = await call(`${setup.baseUrl}/api/1.2/channel/1/url/adaptive?target=player_hls`, cookie);
  const master = stream
    ? (JSON.parse(stream) as { Response?: { AdaptiveStream?: { url: string } } }).Response?.AdaptiveStream?.url
    : undefined;
  if (!master) return void (stream && fail('no AdaptiveStream url for channel 1'));
  const playlistUrl = new URL(master.replace('master.m3u8', 'media_0.m3u8'), setup.baseUrl).toString();
  let next = performance.now();
  // A server that falls behind makes a cycle last longer than cycleMs: the clock ends the run.
  while (next < endAt && performance.now() < endAt) {
    // No cookie: a player's media requests carry only the URL's grant.
    const playlist = await call(playlistUrl, '');
    const segment = playlist
      ?.split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .at(-1);
    if (playlist !== null && !segment) fail('live playlist without a segment');
    if (segment) await call(new URL(segment.trim(), playlistUrl).toString(), '');
    next += setup.cycleMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
}

async function viewerLoop(setup: SoakLoadSetup, viewer: number, endAt: number) {
  if (setup.hls) return hlsViewerLoop(setup, viewer, endAt);
  // Viewers start spread over one cycle, then keep their own fixed clock.
  let next = performance.now() + (viewer * setup.cycleMs) / setup.viewers;
  for (let cycle = 0; next < endAt; cycle++) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    await journey(setup, viewer, cycle);
    next += setup.cycleMs;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function takeSample(): SoakLoadSample {
  const sorted = latencies.sort((a, b) => a - b);
  const sample = {
    requests,
    errors,
    latencyP50: percentile(sorted, 50),
    latencyP99: percentile(sorted, 99),
    errorExamples,
  };
  latencies = [];
  requests = 0;
  errors = 0;
  errorExamples = [];
  return sample;
}

const send = (message: SoakLoadMessage) => new Promise((resolve) => process.send?.(message, resolve));

process.once('message', (setup: SoakLoadSetup) => {
  const endAt = performance.now() + setup.durationMs;
  const sampler = setInterval(() => void send({ kind: 'sample', sample: takeSample() }), setup.sampleMs);
  Promise.all(Array.from({ length: setup.viewers }, (_, viewer) => viewerLoop(setup, viewer, endAt)))
    .then(async () => {
      clearInterval(sampler);
      // The journeys still running at the last tick: counted, in a last (short) sample.
      if (requests > 0) await send({ kind: 'sample', sample: takeSample() });
      await send({ kind: 'done' });
    })
    .catch(async (error: unknown) => {
      clearInterval(sampler);
      await send({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    })
    .finally(() => process.disconnect());
});
