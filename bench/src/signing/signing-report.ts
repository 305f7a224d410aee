import type { LoadSettings } from '../load-settings';

export const SIGNING_HEADING = '## Signed stream URLs: issue and verify';
/** The goal: signing may cost at most 15 % of the throughput. */
export const SIGNING_GOAL = 0.85;

export interface SigningStep {
  step: 'issue' | 'verify';
  signedRps: number;
  unsignedRps: number;
  /** Signed / unsigned requests per second, per round. */
  ratios: number[];
  signedP99: number;
  unsignedP99: number;
  /** Milliseconds of the server per request (1 / throughput), median of the rounds. */
  perRequestMs: { signed: number; unsigned: number };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/** The section of docs/benchmarks.md for the signing benchmark. */
export function formatSigningSection(run: {
  command: string;
  date: string;
  cpu: string;
  loadAverage: { start: number; end: number };
  settings: LoadSettings;
  rounds: number;
  issuePath: string;
  steps: SigningStep[];
}): string {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const rows = run.steps.map(
    (s) =>
      `| ${s.step === 'issue' ? `Issue: \`GET ${run.issuePath}\`` : 'Verify: a segment through its signed URL'} | ` +
      `${thousands(s.signedRps)} | ${thousands(s.unsignedRps)} | **${fixed(median(s.ratios), 2)}×** | ` +
      `${s.ratios.map((r) => fixed(r, 2)).join(', ')} | ${fixed(s.signedP99, 2)} / ${fixed(s.unsignedP99, 2)} |`,
  );
  // One issue and one verify, as a player does when it starts: the server's time for the pair.
  const pair = (side: 'signed' | 'unsigned') => run.steps.reduce((sum, s) => sum + s.perRequestMs[side], 0);
  const together = pair('unsigned') / pair('signed');
  const met = run.steps.every((s) => median(s.ratios) >= SIGNING_GOAL);
  return [
    SIGNING_HEADING,
    '',
    `Measured ${run.date} by \`${run.command}\`; ${run.cpu}; 1-minute load average ` +
      `${fixed(run.loadAverage.start, 2)} at the start, ${fixed(run.loadAverage.end, 2)} at the end.`,
    '',
    'The real server twice in the benchmark’s process (NODE_ENV=production, SQLite, the demo data and the API ' +
      'tests’ live clips): **signed**, its stream grants signed with HMAC-SHA256 as deployed (decision 022), and ' +
      '**unsigned**, the same server whose grants carry a constant instead of the signature and are read without ' +
      'checking it (`bench/src/signing/unsigned-signer.ts`). **Issue** is the stream URL call of the demo ' +
      'subscriber (a live grant signed per call); **verify** is a segment fetched through the signed URL its ' +
      'playlist lists (the grant verified per fetch, the session checked, the file sent). autocannon from a ' +
      `separate process, ${run.settings.connections} connections, ${run.settings.warmupSeconds} s warm-up + ` +
      `${run.settings.durationSeconds} s measured, ${run.rounds} rounds per step alternating which side goes first.`,
    '',
    '| Step | Signed req/s | Unsigned req/s | Signed / unsigned (median) | Rounds | p99 ms signed / unsigned |',
    '| --- | ---: | ---: | ---: | --- | ---: |',
    ...rows,
    '',
    `One issue and one verify together (the server's time per request added): **${fixed(together, 2)}×**. ` +
      `Goal ≥ ${SIGNING_GOAL}×: ${met ? '**met**' : '**not met**'}.`,
  ].join('\n');
}
