import type shakaNamespace from 'shaka-player/dist/shaka-player.compiled.js';

export type ShakaNamespace = typeof shakaNamespace;

let shakaPromise: Promise<ShakaNamespace> | null = null;

/**
 * Shaka made ready once, when it is loaded: its polyfills, and its requests by XMLHttpRequest,
 * not fetch. Shaka's fetch plugin reads each answer twice (a clone's stream for its progress, then
 * the whole body), with timers and promises per chunk: a third of its script time before a first
 * visit's first frame (decision 136). XHR's own progress events still feed the bandwidth estimate.
 */
export function prepareShaka(shaka: Pick<ShakaNamespace, 'polyfill' | 'net'>): void {
  shaka.polyfill.installAll();
  const { NetworkingEngine, HttpXHRPlugin } = shaka.net;
  for (const scheme of ['http', 'https'])
    NetworkingEngine.registerScheme(scheme, HttpXHRPlugin.parse, NetworkingEngine.PluginPriority.PREFERRED);
}

/** Shaka is ~700 kB: it is fetched the first time a stream is played, not with the app shell. */
export function loadShaka(): Promise<ShakaNamespace> {
  if (shakaPromise) return shakaPromise;
  shakaPromise = import('shaka-player/dist/shaka-player.compiled.js').then((module) => {
    const shaka = (module.default ?? module) as ShakaNamespace;
    prepareShaka(shaka);
    return shaka;
  });
  // The next load tries again; the one that needed it reports the failure.
  shakaPromise.catch(() => (shakaPromise = null));
  return shakaPromise;
}
