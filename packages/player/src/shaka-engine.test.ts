// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineDrm, EngineEvents } from './engine';
import { createShakaEngineWith } from './shaka-engine';
import { prepareShaka } from './shaka-load';

type RequestFilter = (type: number, request: { uris: string[] }) => Promise<void> | void;
// Shaka's request types.
const MANIFEST = 0;
const SEGMENT = 1;
const LICENSE = 2;

/** The part of Shaka the engine uses, recording what it is asked. */
function fakeShaka(options: { preloadFails?: boolean; preloadThrows?: boolean; attached?: Promise<void> } = {}) {
  const calls: unknown[][] = [];
  const filters: RequestFilter[] = [];
  const managers: { destroy: ReturnType<typeof vi.fn>; waitForFinish: () => Promise<void> }[] = [];
  class Player {
    static isBrowserSupported = () => true;
    config: Record<string, unknown> = {
      abr: { enabled: true },
      drm: { servers: {}, advanced: {} },
      streaming: { bufferingGoal: 10 },
    };
    attach = async () => {
      calls.push(['attach']);
      await options.attached;
      calls.push(['attached']);
    };
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
      if (options.preloadThrows) throw new Error('SRC_EQUALS_PRELOAD_NOT_SUPPORTED');
      const manager = {
        destroy: vi.fn(async () => {}),
        waitForFinish: () => (options.preloadFails ? Promise.reject(new Error('403')) : Promise.resolve()),
      };
      managers.push(manager);
      return manager;
    };
    destroy = async () => {};
    // Shaka lists a language once per variant (two audio tracks in English here) and per role.
    audioTracks = [
      { language: 'fr', label: 'Français', active: true },
      { language: 'en', label: 'English', active: false },
      { language: 'en', label: 'English', active: false },
    ];
    textTracks = [
      { language: 'fr', label: 'Français', active: false },
      { language: 'en', label: 'English', active: false },
    ];
    getAudioTracks = () => this.audioTracks;
    getTextTracks = () => this.textTracks;
    selectAudioTrack = (track: { language: string }, safeMargin: number) => {
      calls.push(['selectAudioTrack', track.language, safeMargin]);
    };
    selectTextTrack = (track: { language: string } | null) => {
      calls.push(['selectTextTrack', track?.language ?? null]);
    };
  }
  const shaka = { Player, net: { NetworkingEngine: { RequestType: { MANIFEST, SEGMENT, LICENSE } } } };
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

describe('the Shaka engine (decision 022 addendum: zapping from a preload)', () => {
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
    // The load fetches the stream afresh (its own preload, decision 033) and plays that.
    expect(fake.calls.at(-2)).toEqual(['preload', '/live/g/manifest.mpd', null, MPD, undefined, true]);
    expect(fake.calls.at(-1)).toEqual(['load', fake.managers[1]]);
    expect(fake.managers[0]!.destroy).toHaveBeenCalled();
  });

  it('spec 2 §4: a load starts from the 500 kbit/s estimate, not the browser’s own guess (decision 120)', async () => {
    // With Shaka's useNetworkInformation, Chromium's navigator.connection.downlink replaced the
    // estimate and a first visit started above the lowest rendition.
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    await engine.load('/vod/1/manifest.mpd', MPD, undefined, null);
    const abr = fake.calls.filter((call) => call[0] === 'configure').map((call) => (call[1] as { abr?: unknown }).abr);
    expect(abr[0]).toEqual({ minTimeToSwitch: 8, defaultBandwidthEstimate: 500_000, useNetworkInformation: false });
  });

  it('a first load from the start fetches the manifest while the element attaches (decision 033)', async () => {
    let attach = () => {};
    const fake = fakeShaka({ attached: new Promise<void>((resolve) => (attach = resolve)) });
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    const loading = engine.load('/vod/1/manifest.mpd', MPD, undefined, null);
    await vi.waitFor(() => expect(fake.calls.some((call) => call[0] === 'preload')).toBe(true));
    expect(fake.calls.map((call) => call[0])).not.toContain('attached');
    attach();
    await loading;
    const names = fake.calls.map((call) => call[0]);
    expect(names.indexOf('attached')).toBeLessThan(names.indexOf('load'));
    expect(fake.calls.find((call) => call[0] === 'preload')).toEqual([
      'preload',
      '/vod/1/manifest.mpd',
      null,
      MPD,
      undefined,
      true,
    ]);
    expect(fake.calls.at(-1)).toEqual(['load', fake.managers[0]]);
  });

  it('an engine that cannot preload (src= playback) loads from the url', async () => {
    const fake = fakeShaka({ preloadThrows: true });
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    await engine.load('/hls/1/master.m3u8', 'application/x-mpegurl', undefined, null);
    expect(fake.calls.at(-1)).toEqual(['load', '/hls/1/master.m3u8', null, 'application/x-mpegurl']);
  });

  it('a resume point loads the plain way, at that time', async () => {
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    await engine.load('/vod/1/manifest.mpd', MPD, 42, null);
    expect(fake.calls.some((call) => call[0] === 'preload')).toBe(false);
    expect(fake.calls.at(-1)).toEqual(['load', '/vod/1/manifest.mpd', 42, MPD]);
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

describe('the Shaka engine and openings (decision 044)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Every request filter the engine registered, run on one request as Shaka would. */
  async function filtered(fake: ReturnType<typeof fakeShaka>, type: number, uri: string): Promise<string> {
    const request = { uris: [uri] };
    for (const filter of fake.filters) await filter(type, request);
    return request.uris[0]!;
  }
  const OPENING_SEGMENT = '/media/s/OPEN.SIG/clips/aurora/chunk-stream0-00003.m4s';
  const served = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

  it('fetches no further ahead than it is told, then as far as its default', async () => {
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    engine.limitAhead(3);
    engine.limitAhead(null);
    const goals = fake.calls.filter((call) => call[0] === 'configure').map((call) => call[1]);
    expect(goals).toEqual([{ streaming: { bufferingGoal: 3 } }, { streaming: { bufferingGoal: 10 } }]);
  });

  it('continues under the grant the press’s manifest names: segments and media playlists, not licences', async () => {
    vi.stubGlobal('fetch', served('<MPD>\n<BaseURL>/media/s/VIEW.SIG/clips/aurora/</BaseURL>\n\t<Period'));
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    await engine.load('/media/s/OPEN.M/clips/aurora/manifest.mpd', MPD, undefined, null);
    expect(await filtered(fake, SEGMENT, OPENING_SEGMENT)).toBe(OPENING_SEGMENT);
    await engine.continueWith('/media/s/VIEW.M/clips/aurora/manifest.mpd');
    expect(await filtered(fake, SEGMENT, OPENING_SEGMENT)).toBe(
      '/media/s/VIEW.SIG/clips/aurora/chunk-stream0-00003.m4s',
    );
    expect(await filtered(fake, MANIFEST, '/media/s/OPEN.SIG/clips/aurora/media_1.m3u8')).toBe(
      '/media/s/VIEW.SIG/clips/aurora/media_1.m3u8',
    );
    // Licence requests, and URLs under any other grant (a neighbour's preload), stay as they are.
    expect(await filtered(fake, LICENSE, '/drm/license')).toBe('/drm/license');
    expect(await filtered(fake, SEGMENT, '/media/s/NEXT.SIG/clips/b/chunk-stream0-00001.m4s')).toBe(
      '/media/s/NEXT.SIG/clips/b/chunk-stream0-00001.m4s',
    );
    // A new stream loaded into the same engine (a zap) is its own grant's again.
    await engine.load('/media/s/OTHER.M/clips/b/manifest.mpd', MPD, undefined, null);
    expect(await filtered(fake, SEGMENT, '/media/s/B.SIG/clips/b/chunk-stream0-00001.m4s')).toBe(
      '/media/s/B.SIG/clips/b/chunk-stream0-00001.m4s',
    );
  });

  it('a segment asked while the press’s manifest is on its way waits for its grant', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    await engine.load('/media/s/OPEN.M/clips/aurora/manifest.mpd', MPD, undefined, null);
    expect(await filtered(fake, SEGMENT, OPENING_SEGMENT)).toBe(OPENING_SEGMENT);
    const continued = engine.continueWith('/media/s/VIEW.M/clips/aurora/manifest.mpd');
    const waiting = filtered(fake, SEGMENT, OPENING_SEGMENT.replace('00003', '00004'));
    answer(new Response('<BaseURL>/media/s/VIEW.SIG/clips/aurora/</BaseURL>'));
    await continued;
    expect(await waiting).toBe('/media/s/VIEW.SIG/clips/aurora/chunk-stream0-00004.m4s');
  });

  it('a refused manifest (a device place refused, a session ended) rejects and changes nothing', async () => {
    vi.stubGlobal('fetch', served('Forbidden', 403));
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    expect(await filtered(fake, SEGMENT, OPENING_SEGMENT)).toBe(OPENING_SEGMENT);
    await expect(engine.continueWith('/media/s/VIEW.M/clips/aurora/manifest.mpd')).rejects.toMatchObject({
      code: 403,
    });
    expect(await filtered(fake, SEGMENT, OPENING_SEGMENT)).toBe(OPENING_SEGMENT);
  });
});

describe('the Shaka engine: audio languages and subtitles (decision 069)', () => {
  it('lists each language once, switches the sound keeping two segments, and turns subtitles on and off', async () => {
    const fake = fakeShaka();
    const engine = await createShakaEngineWith(fake.shaka, document.createElement('video'), events);
    expect(engine.getAudioLanguages()).toEqual([
      { language: 'fr', label: 'Français', active: true },
      { language: 'en', label: 'English', active: false },
    ]);
    engine.selectAudioLanguage('en');
    engine.selectAudioLanguage('fr'); // already playing: nothing to do
    engine.selectTextLanguage('en');
    engine.selectTextLanguage('de'); // a language the stream lacks: subtitles off
    engine.selectTextLanguage(null);
    expect(fake.calls.filter((call) => String(call[0]).startsWith('select'))).toEqual([
      ['selectAudioTrack', 'en', 6.4],
      ['selectTextTrack', 'en'],
      ['selectTextTrack', null],
      ['selectTextTrack', null],
    ]);
  });
});

describe('Shaka made ready when loaded (decision 136)', () => {
  it('installs its polyfills and sends its http and https requests by XMLHttpRequest, preferred over fetch', () => {
    const registered: [string, unknown, number][] = [];
    const xhrParse = () => undefined;
    const installAll = vi.fn();
    prepareShaka({
      polyfill: { installAll },
      net: {
        HttpXHRPlugin: { parse: xhrParse },
        NetworkingEngine: {
          PluginPriority: { FALLBACK: 1, PREFERRED: 2, APPLICATION: 3 },
          registerScheme: (scheme: string, plugin: unknown, priority: number) =>
            registered.push([scheme, plugin, priority]),
        },
      },
    } as unknown as Parameters<typeof prepareShaka>[0]);
    expect(installAll).toHaveBeenCalledOnce();
    expect(registered).toEqual([
      ['http', xhrParse, 2],
      ['https', xhrParse, 2],
    ]);
  });
});
