// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine, EngineFactory, EnginePreload } from './engine';
import { createPlayer, PRELOAD_MAX_AGE_MS, type PlayerSource } from './player';

/** An engine that records its loads and preloads, and which preload each load was given. */
function fakeEngine(options: { failingPreloads?: string[] } = {}) {
  const calls: string[] = [];
  const preloads = new Map<EnginePreload, string>();
  const destroyed: string[] = [];
  const engine: Engine = {
    kind: 'shaka',
    load: vi.fn(
      async (url: string, _mime: string, start?: number, _drm?: unknown, preloaded?: EnginePreload | null) => {
        calls.push(`load ${url}${start === undefined ? '' : ` at ${start}`}${preloaded ? ' from preload' : ''}`);
      },
    ),
    preload: vi.fn(async (url: string) => {
      calls.push(`preload ${url}`);
      const preload: EnginePreload = {
        ready: Promise.resolve(!options.failingPreloads?.includes(url)),
        destroy: vi.fn(async () => void destroyed.push(url)),
      };
      preloads.set(preload, url);
      return preload;
    }),
    getVideoTracks: () => [],
    limitAhead: () => {},
    continueWith: async () => {},
    setAdaptive: () => {},
    selectVideoTrack: () => {},
    getAudioLanguages: () => [],
    selectAudioLanguage: () => {},
    getTextLanguages: () => [],
    selectTextLanguage: () => {},
    isLive: () => true,
    getSeekRange: () => ({ start: 1000, end: 1120 }),
    destroy: vi.fn(async () => {}),
  };
  const factory: EngineFactory = vi.fn(async () => engine);
  return { engine, factory, calls, destroyed };
}

const channel = (id: number): PlayerSource => ({ url: `/live/grant-${id}/master.m3u8`, type: 'hls' });

describe('zapping (decision 022 addendum: instant channel change)', () => {
  let video: HTMLVideoElement;
  beforeEach(() => {
    video = document.createElement('video');
    vi.spyOn(video, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a zap loads the next channel into the same engine and plays it', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    await expect(player.zap(channel(2))).resolves.toBe('playing');
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(fake.engine.destroy).not.toHaveBeenCalled();
    expect(fake.calls).toEqual([`load ${channel(1).url}`, `load ${channel(2).url}`]);
    expect(video.play).toHaveBeenCalledTimes(1);
  });

  it('neighbours are preloaded once the channel on screen is loaded, and a zap starts from its preload', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    // Asked before the first load: there is no engine yet, the load starts them.
    player.preload([channel(2), channel(20)]);
    expect(fake.calls).toEqual([]);
    await player.load(channel(1));
    expect(fake.calls).toEqual([`load ${channel(1).url}`, `preload ${channel(2).url}`, `preload ${channel(20).url}`]);
    await player.zap(channel(2));
    expect(fake.calls.at(-1)).toBe(`load ${channel(2).url} from preload`);
  });

  it('a preload is used once; the stream on screen is never preloaded again', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([channel(2)]);
    await player.zap(channel(2));
    // The page now asks for the new neighbours, the channel just left among them.
    player.preload([channel(1), channel(2), channel(3)]);
    expect(fake.calls.slice(-2)).toEqual([`preload ${channel(1).url}`, `preload ${channel(3).url}`]);
    await player.zap(channel(2));
    expect(fake.calls.at(-1)).toBe(`load ${channel(2).url}`);
  });

  it('neighbours no longer wanted are dropped', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([channel(2), channel(3)]);
    player.preload([channel(3), channel(4)]);
    await vi.waitFor(() => expect(fake.destroyed).toEqual([channel(2).url]));
    expect(fake.calls.filter((call) => call === `preload ${channel(3).url}`)).toHaveLength(1);
  });

  it('a start at a given position (a start-over) does not use the preload made for the live edge', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([channel(2)]);
    await player.zap(channel(2), 'window-start');
    expect(fake.calls.at(-1)).toBe(`load ${channel(2).url} at 0`);
    await vi.waitFor(() => expect(fake.destroyed).toEqual([channel(2).url]));
  });

  it('a stale live preload is fetched again, and not used once too old', async () => {
    vi.useFakeTimers();
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([channel(2)]);
    await vi.advanceTimersByTimeAsync(PRELOAD_MAX_AGE_MS + 1);
    // The refresh made a new one: two preloads of channel 2, the first destroyed.
    expect(fake.calls.filter((call) => call === `preload ${channel(2).url}`)).toHaveLength(2);
    expect(fake.destroyed).toEqual([channel(2).url]);
    await player.zap(channel(2));
    expect(fake.calls.at(-1)).toBe(`load ${channel(2).url} from preload`);
  });

  it('only the last of quick zaps plays (the viewer pressed on)', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    const first = player.zap(channel(2));
    const second = player.zap(channel(3));
    await expect(first).resolves.toBe('blocked');
    await expect(second).resolves.toBe('playing');
    expect(video.play).toHaveBeenCalledTimes(1);
  });

  it('destroy drops every preload with the engine', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([channel(2), channel(3)]);
    await player.destroy();
    await vi.waitFor(() => expect(fake.destroyed.sort()).toEqual([channel(2).url, channel(3).url]));
    expect(fake.engine.destroy).toHaveBeenCalled();
  });

  it('a plain file is never preloaded', async () => {
    const fake = fakeEngine();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([{ url: '/media/teaser.mp4', type: 'video' }]);
    expect(fake.engine.preload).not.toHaveBeenCalled();
  });
});
