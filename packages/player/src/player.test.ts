// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine, EngineEvents, EngineFactory, EngineVideoTrack } from './engine';
import { createPlayer, type PlayerState } from './player';
import { QUALITY_STORAGE_KEY } from './quality-preference';
import { thumbnailAt } from './thumbnails';

const LADDER: EngineVideoTrack[] = [
  { height: 270, width: 480, bandwidth: 400_000, active: false },
  { height: 480, width: 854, bandwidth: 1_000_000, active: false },
  { height: 720, width: 1280, bandwidth: 2_500_000, active: true },
];

function fakeEngine() {
  const calls: string[] = [];
  let events: EngineEvents | null = null;
  let tracks = LADDER.map((track) => ({ ...track }));
  let live: { start: number; end: number } | null = null;
  let audio = [
    { language: 'fr', label: 'Français', active: true },
    { language: 'en', label: 'English', active: false },
  ];
  let text = [
    { language: 'fr', label: 'Français', active: false },
    { language: 'en', label: 'English', active: false },
  ];
  /** The language commands, apart from `calls`, whose order the quality tests read. */
  const languageCalls: string[] = [];
  const engine: Engine & {
    calls: string[];
    languageCalls: string[];
    goLive(range: { start: number; end: number }): void;
  } = {
    languageCalls,
    goLive: (range) => {
      live = range;
    },
    isLive: () => live !== null,
    getSeekRange: () => live,
    kind: 'shaka',
    calls,
    load: vi.fn(async (url: string, mime: string, start?: number) => {
      calls.push(`load ${url} ${mime} ${start ?? ''}`.trim());
    }),
    getVideoTracks: () => tracks,
    preload: vi.fn(async () => null),
    limitAhead: (seconds) => calls.push(`ahead ${seconds}`),
    continueWith: vi.fn(async (url: string) => void calls.push(`continue ${url}`)),
    setAdaptive: (enabled) => calls.push(`adaptive ${enabled}`),
    selectVideoTrack: (track) => {
      calls.push(`select ${track.height}`);
      tracks = tracks.map((candidate) => ({ ...candidate, active: candidate.height === track.height }));
    },
    getAudioLanguages: () => audio,
    selectAudioLanguage: (language) => {
      languageCalls.push(`audio ${language}`);
      audio = audio.map((track) => ({ ...track, active: track.language === language }));
    },
    getTextLanguages: () => text,
    selectTextLanguage: (language) => {
      languageCalls.push(`subtitles ${language}`);
      text = text.map((track) => ({ ...track, active: track.language === language }));
    },
    destroy: vi.fn(async () => {}),
  };
  const factory: EngineFactory = vi.fn(async (kind, _video, engineEvents) => {
    events = engineEvents;
    return { ...engine, kind } as Engine;
  });
  return { engine, factory, events: () => events! };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

const HLS = { url: '/media/c/1/master.m3u8?sig=abc', type: 'hls' as const };

describe('createPlayer', () => {
  let video: HTMLVideoElement;
  beforeEach(() => {
    video = document.createElement('video');
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads an HLS url through the engine with the HLS mime type and start time', async () => {
    const { engine, factory } = fakeEngine();
    const player = createPlayer(video, { engineFactory: factory, storage: memoryStorage() });
    await player.load(HLS, 42);
    expect(engine.calls).toContain('load /media/c/1/master.m3u8?sig=abc application/x-mpegurl 42');
  });

  it('picks the DASH mime type from a .mpd url', async () => {
    const { engine, factory } = fakeEngine();
    const player = createPlayer(video, { engineFactory: factory, storage: memoryStorage() });
    await player.load({ url: '/media/c/1/manifest.mpd', type: 'dash' });
    expect(engine.calls[0]).toBe('load /media/c/1/manifest.mpd application/dash+xml');
  });

  it('stays adaptive when the preference is auto', async () => {
    const { engine, factory } = fakeEngine();
    const player = createPlayer(video, { engineFactory: factory, storage: memoryStorage() });
    await player.load(HLS);
    expect(engine.calls).toContain('adaptive true');
    expect(engine.calls.some((call) => call.startsWith('select'))).toBe(false);
    expect(player.getState().quality).toBe('auto');
  });

  it('selects the highest track at or under a chosen height and remembers it', async () => {
    const storage = memoryStorage();
    const { engine, factory } = fakeEngine();
    const player = createPlayer(video, { engineFactory: factory, storage });
    await player.load(HLS);
    player.setQuality(720);
    expect(engine.calls.slice(-2)).toEqual(['adaptive false', 'select 720']);
    player.setQuality(360);
    // 360 is allowed but not in the ladder: the first under it is 270.
    expect(engine.calls.at(-1)).toBe('select 270');
    expect(storage.getItem(QUALITY_STORAGE_KEY)).toBe('360');
    expect(player.getState().activeHeight).toBe(270);
  });

  it('applies the remembered preference to the next load', async () => {
    const storage = memoryStorage();
    storage.setItem(QUALITY_STORAGE_KEY, '480');
    const { engine, factory } = fakeEngine();
    const player = createPlayer(video, { engineFactory: factory, storage });
    await player.load(HLS);
    expect(engine.calls.at(-1)).toBe('select 480');
  });

  it('normalises an unknown stored height to 1080 (spec 2 §5)', async () => {
    const storage = memoryStorage();
    storage.setItem(QUALITY_STORAGE_KEY, '999');
    const player = createPlayer(video, { engineFactory: fakeEngine().factory, storage });
    expect(player.getState().quality).toBe(1080);
  });

  it('lists one track per height, highest first', async () => {
    const { factory } = fakeEngine();
    const player = createPlayer(video, { engineFactory: factory, storage: memoryStorage() });
    await player.load(HLS);
    expect(player.getTracks().map((track) => track.height)).toEqual([720, 480, 270]);
  });

  it('falls back to a muted play when autoplay with sound is refused', async () => {
    const player = createPlayer(video, { engineFactory: fakeEngine().factory, storage: memoryStorage() });
    const play = vi
      .spyOn(video, 'play')
      .mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'))
      .mockResolvedValueOnce(undefined);
    await expect(player.play()).resolves.toBe('muted');
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('plays with sound when the browser allows it', async () => {
    const player = createPlayer(video, { engineFactory: fakeEngine().factory, storage: memoryStorage() });
    vi.spyOn(video, 'play').mockResolvedValue(undefined);
    await expect(player.play()).resolves.toBe('playing');
    expect(video.muted).toBe(false);
  });

  it('logs and surfaces a failed load', async () => {
    const { engine, factory } = fakeEngine();
    (engine.load as ReturnType<typeof vi.fn>).mockRejectedValueOnce({ code: 1002, message: 'HTTP error', fatal: true });
    const logger = { error: vi.fn() };
    const onError = vi.fn();
    const states: PlayerState[] = [];
    const player = createPlayer(video, {
      engineFactory: factory,
      storage: memoryStorage(),
      logger,
      onError,
      onState: (state) => states.push(state),
    });
    await player.load(HLS);
    expect(logger.error).toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 1002, fatal: true }));
    expect(states.at(-1)?.loading).toBe(false);
  });

  it('logs and surfaces engine errors raised during playback', async () => {
    const fake = fakeEngine();
    const onError = vi.fn();
    const player = createPlayer(video, {
      engineFactory: fake.factory,
      storage: memoryStorage(),
      onError,
      logger: { error: vi.fn() },
    });
    await player.load(HLS);
    fake.events().onError({ code: 3016, message: 'decode', fatal: true });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 3016 }));
  });

  it('reports loading until the media can play, and mute changes', async () => {
    const states: PlayerState[] = [];
    const player = createPlayer(video, {
      engineFactory: fakeEngine().factory,
      storage: memoryStorage(),
      onState: (s) => states.push(s),
    });
    const pending = player.load(HLS);
    expect(states.at(-1)?.loading).toBe(true);
    await pending;
    video.dispatchEvent(new Event('canplay'));
    expect(states.at(-1)?.loading).toBe(false);
    player.setMuted(true);
    expect(states.at(-1)?.muted).toBe(true);
  });

  it('stops reporting and destroys the engine on destroy', async () => {
    const fake = fakeEngine();
    const onState = vi.fn();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: memoryStorage(), onState });
    await player.load(HLS);
    await player.destroy();
    onState.mockClear();
    video.dispatchEvent(new Event('pause'));
    expect(onState).not.toHaveBeenCalled();
    expect(fake.engine.destroy).toHaveBeenCalled();
  });
});

describe('live windows (decision 022: start-over, back to live)', () => {
  let video: HTMLVideoElement;
  beforeEach(() => {
    video = document.createElement('video');
  });

  it('a start-over asks the engine for the start of the window; back-to-live jumps to its end', async () => {
    const fake = fakeEngine();
    fake.engine.goLive({ start: 1000, end: 1600 });
    const player = createPlayer(video, { engineFactory: fake.factory, storage: memoryStorage() });
    await player.load(HLS, 'window-start');
    // 0: the engine clamps it to the first seekable instant of the window.
    expect(fake.engine.calls).toContain(`load ${HLS.url} application/x-mpegurl 0`);
    expect(player.getState()).toMatchObject({ live: true, seekStart: 1000, seekEnd: 1600 });
    player.seekToLiveEdge();
    expect(video.currentTime).toBe(1600);
  });

  it('seeking stays inside the live window', async () => {
    const fake = fakeEngine();
    fake.engine.goLive({ start: 1000, end: 1600 });
    const player = createPlayer(video, { engineFactory: fake.factory, storage: memoryStorage() });
    await player.load(HLS);
    player.seek(10);
    expect(video.currentTime).toBe(1000);
    player.seek(5000);
    expect(video.currentTime).toBe(1600);
  });
});

describe('thumbnailAt', () => {
  const thumbnails = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((percent) => ({
    percent,
    time: percent,
    url: `/t/${percent}.jpg`,
  }));

  it('rounds the hovered position to the nearest ten percent', () => {
    expect(thumbnailAt(thumbnails, 0.34)?.percent).toBe(30);
    expect(thumbnailAt(thumbnails, 0.36)?.percent).toBe(40);
    expect(thumbnailAt(thumbnails, 1)?.percent).toBe(90);
  });

  it('has nothing to show without thumbnails', () => {
    expect(thumbnailAt([], 0.5)).toBeNull();
  });
});

describe('subtitles and audio languages (decisions 068, 069)', () => {
  const stream = { url: '/media/s/g/clips/a/manifest.mpd', type: 'dash' as const };

  it('switches the audio language and the subtitles, and says so in the state', async () => {
    const { factory, engine } = fakeEngine();
    const states: PlayerState[] = [];
    const player = createPlayer(document.createElement('video'), {
      engineFactory: factory,
      storage: memoryStorage(),
      onState: (state) => states.push(state),
    });
    await player.load(stream);
    expect(player.getState().languages).toMatchObject({
      audio: [
        { language: 'fr', label: 'Français' },
        { language: 'en', label: 'English' },
      ],
      audioLanguage: 'fr',
      subtitleLanguage: null,
    });
    player.setAudioLanguage('en');
    player.setSubtitleLanguage('en');
    expect(engine.languageCalls).toContain('audio en');
    expect(states.at(-1)!.languages).toMatchObject({ audioLanguage: 'en', subtitleLanguage: 'en' });
    player.setSubtitleLanguage(null);
    expect(player.getState().languages!.subtitleLanguage).toBeNull();
  });

  it("remembers each viewer's choices on the device and applies them to the next stream", async () => {
    const storage = memoryStorage();
    const first = fakeEngine();
    const mum = createPlayer(document.createElement('video'), {
      engineFactory: first.factory,
      storage,
      viewer: 'p-mum',
    });
    await mum.load(stream);
    mum.setAudioLanguage('en');
    mum.setSubtitleLanguage('fr');
    await mum.destroy();

    const again = fakeEngine();
    const later = createPlayer(document.createElement('video'), {
      engineFactory: again.factory,
      storage,
      viewer: 'p-mum',
    });
    await later.load(stream);
    expect(again.engine.languageCalls).toEqual(expect.arrayContaining(['audio en', 'subtitles fr']));
    expect(later.getState().languages).toMatchObject({ audioLanguage: 'en', subtitleLanguage: 'fr' });

    // Another profile on the same device keeps the stream's defaults: French, no subtitles.
    const other = fakeEngine();
    const kid = createPlayer(document.createElement('video'), {
      engineFactory: other.factory,
      storage,
      viewer: 'p-kid',
    });
    await kid.load(stream);
    expect(other.engine.languageCalls).not.toContain('audio en');
    expect(kid.getState().languages).toMatchObject({ audioLanguage: 'fr', subtitleLanguage: null });
  });

  it('leaves subtitles off on a stream without the chosen language', async () => {
    const storage = memoryStorage();
    storage.setItem('playz.player.languages.p1', JSON.stringify({ audio: 'de', text: 'de' }));
    const { factory, engine } = fakeEngine();
    const player = createPlayer(document.createElement('video'), { engineFactory: factory, storage, viewer: 'p1' });
    await player.load(stream);
    expect(engine.languageCalls).toContain('subtitles null');
    expect(engine.languageCalls).not.toContain('audio de');
  });

  it('puts the subtitle style on the element for the page CSS, and remembers it', async () => {
    const storage = memoryStorage();
    const video = document.createElement('video');
    const player = createPlayer(video, { engineFactory: fakeEngine().factory, storage, viewer: 'p1' });
    expect(video.dataset).toMatchObject({ subtitleSize: 'medium', subtitleBackground: 'box' });
    player.setSubtitleStyle({ size: 'large' });
    player.setSubtitleStyle({ background: 'shadow' });
    expect(video.dataset).toMatchObject({ subtitleSize: 'large', subtitleBackground: 'shadow' });
    expect(JSON.parse(storage.getItem('playz.player.languages.p1')!)).toMatchObject({
      style: { size: 'large', background: 'shadow' },
    });
    const next = document.createElement('video');
    createPlayer(next, { engineFactory: fakeEngine().factory, storage, viewer: 'p1' });
    expect(next.dataset.subtitleSize).toBe('large');
  });

  it('adopts the choices found on the server (decision 081): applied to the stream playing, kept on the device', async () => {
    const storage = memoryStorage();
    const video = document.createElement('video');
    const { factory, engine } = fakeEngine();
    const chosen: unknown[] = [];
    const player = createPlayer(video, {
      engineFactory: factory,
      storage,
      viewer: 'p1',
      onLanguagesChosen: (preference) => chosen.push(preference),
    });
    await player.load(stream);
    engine.languageCalls.length = 0;
    player.adoptLanguages({ audio: 'en', text: 'fr', style: { size: 'large', background: 'none' } });
    expect(engine.languageCalls).toEqual(['audio en', 'subtitles fr']);
    expect(player.getState().languages).toMatchObject({ audioLanguage: 'en', subtitleLanguage: 'fr' });
    expect(video.dataset).toMatchObject({ subtitleSize: 'large', subtitleBackground: 'none' });
    expect(JSON.parse(storage.getItem('playz.player.languages.p1')!)).toEqual({
      audio: 'en',
      text: 'fr',
      style: { size: 'large', background: 'none' },
    });
    // Adopted, not chosen: nothing to save back.
    expect(chosen).toEqual([]);
    expect(player.getLanguagePreference()).toEqual({
      audio: 'en',
      text: 'fr',
      style: { size: 'large', background: 'none' },
    });
  });

  it('adopted before the first load, the choices apply at the load', async () => {
    const { factory, engine } = fakeEngine();
    const player = createPlayer(document.createElement('video'), { engineFactory: factory, storage: memoryStorage() });
    player.adoptLanguages({ audio: 'en', text: 'en', style: { size: 'small', background: 'box' } });
    expect(engine.languageCalls).toEqual([]);
    await player.load(stream);
    expect(engine.languageCalls).toEqual(expect.arrayContaining(['audio en', 'subtitles en']));
  });

  it("tells each viewer's change with the whole preference, for the server (decision 081)", async () => {
    const chosen: unknown[] = [];
    const player = createPlayer(document.createElement('video'), {
      engineFactory: fakeEngine().factory,
      storage: memoryStorage(),
      onLanguagesChosen: (preference) => chosen.push(preference),
    });
    await player.load(stream);
    player.setSubtitleLanguage('fr');
    player.setAudioLanguage('en');
    player.setSubtitleStyle({ size: 'large' });
    expect(chosen).toEqual([
      { audio: null, text: 'fr', style: { size: 'medium', background: 'box' } },
      { audio: 'en', text: 'fr', style: { size: 'medium', background: 'box' } },
      { audio: 'en', text: 'fr', style: { size: 'large', background: 'box' } },
    ]);
  });
});
