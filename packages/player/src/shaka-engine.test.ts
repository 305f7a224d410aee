// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineDrm, EngineEvents } from './engine';
import { createShakaEngineWith } from './shaka-engine';

type RequestFilter = (type: number, request: { uris: string[] }) => Promise<void>;
const LICENSE = 2;

/** The part of Shaka the engine uses, recording what it is asked. */
function fakeShaka(options: { preloadFails?: boolean } = {}) {
  const calls: unknown[][] = [];
  const filters: RequestFilter[] = [];
  const managers: { destroy: ReturnType<typeof vi.fn>; waitForFinish: () => Promise<void> }[] = [];
  class Player {
    static isBrowserSupported = () => true;
    config: Record<string, unknown> = { abr: { enabled: true }, drm: { servers: {}, advanced: {} } };
    attach = async () => {};
    addEventListener = () => {};
    getNetworkingEngine = () => ({ registerRequestFilter: (filter: RequestFilter) => filters.push(filter) });
    getConfiguration = () => structuredClone(this.config);
    configure = (config: Record<string, unknown>) => {
      calls.push(['configure', config]);
    };
    load = async (...args: unknown[]) => {
      calls.push(['load', ...args]);
    };
    preload = async (...args: unknown[]) => {
      calls.push(['preload', ...args]);
      const manager = {
        destroy: vi.fn(async () => {}),
        waitForFinish: () => (options.preloadFails ? Promise.reject(new Error('403')) : Promise.resolve()),
      };
      managers.push(manager);
      return manager;
    };
    destroy = async () => {};
  }
  const shaka = { Player, net: { NetworkingEngine: { RequestType: { LICENSE } } } };
  return { shaka: shaka as unknown as Parameters<typeof createShakaEngineWith>[0], calls, filters, managers };
}

const events: EngineEvents = { onError: () => {}, onTracksChanged: () => {}, onBuffering: () => {} };
const DRM: EngineDrm = {
  keySystem: 'org.w3.clearkey',
  licenseUrl: 'https://playz.test/drm/licence',
  tokenUrl: 'https://playz.test/drm/token',
  certificateUrl: null,
  contentAccessMode: 'View',
  contentSecurityId: 'film-7',
  usageContext: 'web',
};
const MPD = 'application/dash+xml';

describe('the Shaka engine (issue 8: zapping from a preload)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('preloads with the player’s own settings and the stream’s DRM, then hands the preload to load()', async () => {
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    const preload = await engine.preload('/live/g/manifest.mpd', MPD, DRM);
    const [, url, start, mime, config] = fake.calls.find((call) => call[0] === 'preload')!;
    expect([url, start, mime]).toEqual(['/live/g/manifest.mpd', null, MPD]);
    expect(config).toMatchObject({
      abr: { enabled: true },
      drm: { servers: { 'org.w3.clearkey': 'https://playz.test/drm/licence' } },
    });
    await engine.load('/live/g/manifest.mpd', MPD, undefined, DRM, preload);
    expect(fake.calls.at(-1)).toEqual(['load', fake.managers[0]]);
  });

  it('a failed preload is dropped and the stream loads from its url', async () => {
    const fake = fakeShaka({ preloadFails: true });
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    const preload = await engine.preload('/live/g/manifest.mpd', MPD, null);
    await expect(preload!.ready).resolves.toBe(false);
    await engine.load('/live/g/manifest.mpd', MPD, undefined, null, preload);
    expect(fake.calls.at(-1)).toEqual(['load', '/live/g/manifest.mpd', null, MPD]);
    expect(fake.managers[0]!.destroy).toHaveBeenCalled();
  });

  it('every licence request of the stream loaded, preloaded or not, carries a fresh token', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ Response: { Token: 't-1' } })));
    vi.stubGlobal('fetch', fetcher);
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    const preload = await engine.preload('/c/7/manifest.mpd', MPD, DRM);
    await engine.load('/c/7/manifest.mpd', MPD, undefined, DRM, preload);
    const request = { uris: ['https://playz.test/drm/licence'] };
    await fake.filters[0]!(LICENSE, request);
    expect(request.uris).toEqual(['https://playz.test/drm/licence?licenseToken=t-1']);
    expect(fetcher).toHaveBeenCalledWith(DRM.tokenUrl, expect.objectContaining({ method: 'POST' }));
  });
});
