import { percentile } from '../player/chromium';
import { formatEntryJavaScript, type EntryJavaScript } from './entry-js';
import { isPlayerChunk, LANDING_SCENARIO_NAME, type LoadedScript, type ViewportResult } from './landing-page';

export const LANDING_HEADING = `## ${LANDING_SCENARIO_NAME}`;

/** The goal for the landing page's initial JavaScript, gzip, in kB of 1000 bytes (250 at first; 150 since decision 098). */
export const INITIAL_JS_GOAL_KB = 150;

export interface LandingRun {
  command: string;
  date: string;
  nodeVersion: string;
  cpu: string;
  loadAverage: { start: number; end: number };
  results: ViewportResult[];
  /** The same build's entry and its static imports, from its manifest (decisions 098, 122). */
  entryJavaScript?: EntryJavaScript;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const total = (scripts: LoadedScript[], key: 'bytes' | 'gzipBytes') => scripts.reduce((sum, s) => sum + s[key], 0);

/** Every script any load fetched, heaviest (gzip) first, with the number of loads that fetched it. */
export function scriptsSeen(results: ViewportResult[]): Array<LoadedScript & { loads: number }> {
  const seen = new Map<string, LoadedScript & { loads: number }>();
  for (const load of results.flatMap((r) => r.loads))
    for (const script of load.scripts) {
      const known = seen.get(script.path);
      seen.set(script.path, { ...script, loads: (known?.loads ?? 0) + 1 });
    }
  return [...seen.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The docs/benchmarks.md section of one landing-page run. */
export function formatLandingSection(run: LandingRun): string {
  const loadCount = run.results.reduce((sum, r) => sum + r.loads.length, 0);
  const scripts = scriptsSeen(run.results);
  const perLoadGzip = run.results.flatMap((r) => r.loads.map((l) => total(l.scripts, 'gzipBytes')));
  const perLoadRaw = run.results.flatMap((r) => r.loads.map((l) => total(l.scripts, 'bytes')));
  const gzipP50 = percentile(perLoadGzip, 50);
  const playerLoads = run.results.flatMap((r) => r.loads).filter((l) => l.scripts.some((s) => isPlayerChunk(s.path)));
  const overBy = gzipP50 / 1000 - INITIAL_JS_GOAL_KB;
  const heaviest = scripts
    .slice(0, 3)
    .map((s) => `\`${s.path.split('/').pop()}\` ${kB(s.gzipBytes)} kB`)
    .join(', ');
  const goal =
    overBy <= 0
      ? `**Goal met**: ${kB(gzipP50)} kB gzip ≤ ${INITIAL_JS_GOAL_KB} kB (${(-overBy).toFixed(1)} kB to spare).`
      : `**Goal not met**: ${kB(gzipP50)} kB gzip, ${overBy.toFixed(1)} kB (${((overBy / INITIAL_JS_GOAL_KB) * 100).toFixed(0)} %) over ${INITIAL_JS_GOAL_KB} kB; the heaviest chunks are ${heaviest}.`;
  const player =
    playerLoads.length === 0
      ? `The player (Shaka) chunk was loaded by none of the ${loadCount} loads: it stays lazy.`
      : `**The player (Shaka) chunk was loaded** by ${playerLoads.length} of the ${loadCount} loads: it is not lazy on the landing page.`;
  const vitalsRow = (r: ViewportResult) => {
    const lcps = r.loads.map((l) => l.lcp).filter((v): v is number => v !== null);
    const clss = r.loads.map((l) => l.cls);
    const noLcp = r.loads.length - lcps.length;
    return `| ${r.viewport.label} | ${r.loads.length} | ${lcps.length ? percentile(lcps, 50).toFixed(0) : 'n/a'} | ${lcps.length ? percentile(lcps, 95).toFixed(0) : 'n/a'} | ${percentile(clss, 50).toFixed(3)} | ${Math.max(...clss).toFixed(3)} |${noLcp ? ` ${noLcp} loads without LCP` : ''}`;
  };
  return [
    LANDING_HEADING,
    '',
    `\`${run.command}\`, ${run.date.slice(0, 16).replace('T', ' ')} UTC, Node ${run.nodeVersion}, ${run.cpu}, shared with other ` +
      `engineers' work (load average ${run.loadAverage.start.toFixed(1)} at the start, ${run.loadAverage.end.toFixed(1)} at the end).`,
    '',
    `Each load is a visitor's first visit of \`/\` (a new Chromium context: empty cache, no session) on the product as the ` +
      `player benchmarks serve it (the real server in production mode serving the built web app), over loopback with no ` +
      `network or CPU throttling; one warm-up load per viewport is not counted. Scripts are every response Chromium ` +
      `classed as a script until the network is idle (no request for 500 ms); their gzip size is computed with ` +
      `node:zlib (level 9) from the bodies received. LCP (last \`largest-contentful-paint\` candidate) and CLS ` +
      `(largest session window of \`layout-shift\` entries without recent input) come from PerformanceObservers ` +
      `installed with \`addInitScript\` (the page's CSP forbids inline scripts, not DevTools-protocol ones).`,
    '',
    `### Initial JavaScript`,
    '',
    `${goal} Per load (p50 of ${loadCount}): ${kB(gzipP50)} kB gzip, ${kB(percentile(perLoadRaw, 50))} kB minified ` +
      `(min ${kB(Math.min(...perLoadGzip))}, max ${kB(Math.max(...perLoadGzip))} kB gzip). ${player}` +
      (run.entryJavaScript ? ` ${formatEntryJavaScript(run.entryJavaScript)}.` : ''),
    '',
    '| Script | Minified kB | Gzip kB | Loads that fetched it |',
    '| --- | ---: | ---: | ---: |',
    ...scripts.map((s) => `| \`${s.path}\` | ${kB(s.bytes)} | ${kB(s.gzipBytes)} | ${s.loads} / ${loadCount} |`),
    '',
    `### LCP and CLS`,
    '',
    '| Viewport | Loads | LCP p50 ms | LCP p95 ms | CLS p50 | CLS max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...run.results.map(vitalsRow),
    '',
    `For reading: "good" by Chrome's thresholds is LCP ≤ 2500 ms and CLS ≤ 0.1 at p75 of real visits; these are lab ` +
      `loads on loopback, so LCP here is the page's own work (scripts, API calls, the hero image), not a network's.`,
  ].join('\n');
}
