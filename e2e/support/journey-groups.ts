import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run test:e2e` (scripts/e2e.mjs) runs the journeys in two groups at once, each against its
 * own server, because most journeys wait on the clock (playback, programme boundaries) rather
 * than on the 2 CPUs. Group A is this list; every other journey, a new one included, is group B.
 * Balanced by each file's time alone on a quiet machine (2026-11-26), the two heaviest apart.
 * `subtitles` (~40 s) and `admin-channels-guide` (~15 s) run in group B since the CI run of
 * 2026-11-29 took 668 s in group A to B's 549 s. The CI rehearsal of 2026-11-30 took 1,456 s in A
 * to B's 1,403 s on a busier machine, of which `devices-limit` 342 s (A) and `accessibility` 374 s
 * (B, axe on every screen): both were cut that day (each test's devices closed at its end; the
 * screens reached inside the app, axe evaluated once). With no quiet machine to time them on, the
 * groups, within 4 % of each other, are left as they were, the two journeys still apart.
 * `tv-app` (69 s) runs in group B since the CI rehearsal of 2026-12-01, whose journeys summed
 * 1,391 s in A to B's 1,266 s: 1,322 s to 1,335 s without it.
 */
export const GROUP_A = [
  'live', // 144 s, and the only one that needs the Stream channel's encoder (LIVE_INGEST)
  'billing-purchase', // 45 s
  // 29 s with two tests (2026-11-26); 342 s in the CI run of 2026-11-30 with three, each with four
  // devices of its own, all twelve left playing to the end, and one test run twice; 215 s alone at
  // a load average of 20 on 2 cores since each test closes its devices (no quiet machine that day)
  'devices-limit',
  'billing-paypal', // 26 s
  // 15 s alone, 29 s beside the other group; here since group B took 451 s to A's 402 s without it
  'remote-control',
  'vod-player', // 22 s
  // 28 s; here since group B took 571 s to A's 522 s with it (2026-11-26, a slower machine)
  'openings',
  'top-menu', // 17 s
  'account-extras', // 16 s
  'unsubscribe', // 15 s
  'sso', // 3 s
  // About 35 s (web pages at two sizes, then the TV's); here since group B was the longer one
  'catalogue-pages',
  // The Cast receiver on another origin, and the web player casting to it (decision 070): ~40 s
  'cast-receiver',
  // Support refunds a rental from the console and the viewer loses it (decision 084): ~50 s
  'admin-support-refund',
  // An editor uploads a video, its media job runs, it is published and played (decision 094): ~2 min
  'admin-catalogue-upload',
  // Staff passkeys in Chromium's virtual authenticator and the offers' form (decisions 095, 099): ~25 s
  'admin-passkeys',
  // Support gives back part of a rental, finance sees it in the Money charts and its CSV (decision 109): ~70 s
  'admin-finance-refund',
] as const;

/** Journeys that play channel 20, whose encoder only runs where LIVE_INGEST is 1 (CPU). */
const NEEDS_LIVE_INGEST = ['live'];

export type JourneyGroup = 'a' | 'b';

export const JOURNEYS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../journeys');

/** Every journey's name (`live` for journeys/live.test.ts). */
export function listJourneys(dir = JOURNEYS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -'.test.ts'.length))
    .sort();
}

/** The journeys of one group; a name in GROUP_A with no file stops the run (renamed or removed). */
export function journeysOfGroup(group: JourneyGroup, journeys = listJourneys()): string[] {
  const missing = GROUP_A.filter((name) => !journeys.includes(name));
  if (missing.length) throw new Error(`e2e/support/journey-groups.ts names missing journeys: ${missing.join(', ')}`);
  const inA = new Set<string>(GROUP_A);
  return journeys.filter((name) => inA.has(name) === (group === 'a'));
}

/** Reads E2E_GROUP: unset runs every journey against one server (a single file, as before). */
export function parseJourneyGroup(value: string | undefined): JourneyGroup | null {
  if (!value) return null;
  if (value === 'a' || value === 'b') return value;
  throw new Error(`E2E_GROUP must be a or b, not ${value}`);
}

/** Whether a server for these journeys must run the Stream channel's encoder. */
export function needsLiveIngest(journeys: string[]): boolean {
  return journeys.some((name) => NEEDS_LIVE_INGEST.includes(name));
}
