import type { EngineFactory } from './engine';
import { loadShaka } from './shaka-load';
import type * as ShakaEngine from './shaka-engine';

/**
 * The engine adapter (shaka-engine.ts, with its licence and error handling: ~4 kB gzip) is a
 * chunk of its own, fetched with Shaka when a page first asks for a stream, not with the app's
 * entry: every page's openings and warm-up reach the engine through here, and the landing page
 * plays nothing (decision 142).
 */
let adapter: Promise<typeof ShakaEngine> | null = null;

function loadAdapter(): Promise<typeof ShakaEngine> {
  if (adapter) return adapter;
  adapter = import('./shaka-engine');
  // The next stream tries again; the one that needed it reports the failure.
  adapter.catch(() => (adapter = null));
  return adapter;
}

export const defaultEngineFactory: EngineFactory = async (kind, video, events) =>
  (await loadAdapter()).createEngine(kind, video, events);

/**
 * Starts fetching Shaka and the adapter now, when a page knows it will play an adaptive stream
 * (it is asking for the stream's URL): the download and parse then run alongside the API calls
 * instead of after them, which is most of a first visit's time to first frame. Nothing without
 * MSE (tests, old browsers): there the engine is never Shaka anyway.
 */
export function warmUpEngine(): void {
  if (
    typeof MediaSource === 'undefined' &&
    typeof (globalThis as { ManagedMediaSource?: unknown }).ManagedMediaSource === 'undefined'
  )
    return;
  // A failure is the load's to report, when a stream needs it.
  loadShaka().catch(() => undefined);
  loadAdapter().catch(() => undefined);
}
