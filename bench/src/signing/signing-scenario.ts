import os from 'node:os';
import { benchCommand, writeBenchmarkSection } from '../docs-section';
import { runLoad } from '../load';
import type { LoadResult, LoadSettings } from '../load-settings';
import { DEMO_SUBSCRIBER } from '../scenarios';
import { logIn, startPlayzServer } from '../playz-server';
import { formatSigningSection, SIGNING_HEADING, type SigningStep } from './signing-report';
import { createUnsignedSigner } from './unsigned-signer';

export const SIGNING_SCENARIO_NAME = 'Signed stream URLs, issue and verify';

/** The stream URL call, as a player asks it: a live channel's grant is signed at each call. */
const ISSUE_PATH = '/api/1.2/channel/1/url/adaptive?target=player_hls';

interface Side {
  baseUrl: string;
  cookie: string;
  /** A segment URL of the live playlist: its grant is verified at each fetch. */
  segmentUrl: string;
  close(): Promise<void>;
}

async function startSide(signed: boolean): Promise<Side> {
  const server = await startPlayzServer(signed ? {} : { streamSigner: createUnsignedSigner() });
  const cookie = await logIn(server.baseUrl, DEMO_SUBSCRIBER.login, DEMO_SUBSCRIBER.password);
  const stream = (await (await fetch(`${server.baseUrl}${ISSUE_PATH}`, { headers: { cookie } })).json()) as {
    Response: { AdaptiveStream: { url: string } };
  };
  const master = new URL(stream.Response.AdaptiveStream.url, server.baseUrl);
  const media = await (await fetch(new URL('media_0.m3u8', master))).text();
  const segment = media.split('\n').find((line) => line.endsWith('.m4s'));
  if (!segment) throw new Error(`no segment in the live playlist: ${media.slice(0, 300)}`);
  return { ...server, cookie, segmentUrl: new URL(segment, master).href };
}

const perRequestMs = (result: LoadResult) => 1000 / result.requestsPerSecond;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function assertClean(label: string, result: LoadResult) {
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(`${label}: ${result.errors} errors, ${result.timeouts} time-outs, ${result.non2xx} non-2xx`);
}

/**
 * Signed stream URL issue + verify against the same route without signing (goal ≥ 0.85×, at
 * most 15 % of the throughput): the same server twice, one signing its grants with HMAC-SHA256 (decision 022), one
 * with `createUnsignedSigner`; the stream URL call (issue) and a segment fetch through its signed
 * URL (verify) loaded alternately on both, `rounds` pairs each.
 */
export async function runSigningScenario(settings: LoadSettings, rounds: number): Promise<void> {
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const date = new Date().toISOString();
  const signed = await startSide(true);
  const unsigned = await startSide(false);
  const steps: SigningStep[] = [];
  try {
    for (const step of ['issue', 'verify'] as const) {
      const rows: { signed: LoadResult; unsigned: LoadResult }[] = [];
      for (let round = 0; round < rounds; round += 1) {
        // Alternating who goes first, so a drift of the machine falls on both sides.
        const order = round % 2 === 0 ? [unsigned, signed] : [signed, unsigned];
        const got = new Map<Side, LoadResult>();
        for (const side of order) {
          const url = step === 'issue' ? `${side.baseUrl}${ISSUE_PATH}` : side.segmentUrl;
          const headers: Record<string, string> = step === 'issue' ? { cookie: side.cookie } : {};
          console.log(
            `${SIGNING_SCENARIO_NAME}: ${step}, round ${round + 1}/${rounds}, ${side === signed ? 'signed' : 'unsigned'}…`,
          );
          const result = await runLoad({ url, method: 'GET', headers, settings });
          assertClean(`${step} ${side === signed ? 'signed' : 'unsigned'}`, result);
          got.set(side, result);
        }
        rows.push({ signed: got.get(signed)!, unsigned: got.get(unsigned)! });
      }
      steps.push({
        step,
        signedRps: median(rows.map((r) => r.signed.requestsPerSecond)),
        unsignedRps: median(rows.map((r) => r.unsigned.requestsPerSecond)),
        ratios: rows.map((r) => r.signed.requestsPerSecond / r.unsigned.requestsPerSecond),
        signedP99: median(rows.map((r) => r.signed.latencyP99)),
        unsignedP99: median(rows.map((r) => r.unsigned.latencyP99)),
        perRequestMs: {
          signed: median(rows.map((r) => perRequestMs(r.signed))),
          unsigned: median(rows.map((r) => perRequestMs(r.unsigned))),
        },
      });
    }
  } finally {
    await signed.close();
    await unsigned.close();
  }
  const section = formatSigningSection({
    command: benchCommand(),
    date,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} (${os.availableParallelism()} cores available)`,
    loadAverage: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
    settings,
    rounds,
    issuePath: ISSUE_PATH,
    steps,
  });
  console.log(`\n${section}\n`);
  writeBenchmarkSection(SIGNING_HEADING, section);
}
