// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine, EngineFactory, EnginePreload } from './engine';
import { createPlayer, PRELOAD_MAX_AGE_MS, STANDBY_MAX_AGE_MS, type PlayerSource } from './player';

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

/** Engines made per element (the one on screen, the standby's), each recording what it loads. */
function enginesPerElement(options: { refused?: string[] } = {}) {
  const calls: string[] = [];
  const made: { element: HTMLVideoElement; engine: Engine; name: string }[] = [];
  const factory: EngineFactory = vi.fn(async (_kind, element) => {
    const name = `engine ${made.length + 1}`;
    const engine: Engine = {
      kind: 'shaka',
      load: vi.fn(
        async (url: string, _mime: string, start?: number, _drm?: unknown, preloaded?: EnginePreload | null) => {
          calls.push(
            `${name} load ${url}${start === undefined ? '' : ` at ${start}`}${preloaded ? ' from preload' : ''}`,
          );
          if (options.refused?.includes(url)) throw Object.assign(new Error('refused'), { code: 403, fatal: true });
        },
      ),
      preload: vi.fn(async (url: string) => {
        calls.push(`${name} preload ${url}`);
        return { ready: Promise.resolve(true), destroy: async () => {} };
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
      destroy: vi.fn(async () => void calls.push(`${name} destroyed`)),
    };
    vi.spyOn(element, 'play').mockResolvedValue(undefined);
    vi.spyOn(element, 'pause').mockImplementation(() => {});
    made.push({ element, engine, name });
    return engine;
  });
  return { factory, calls, made };
}

describe('warm standby (decision 119: a zap onto the next channel is a swap of elements)', () => {
  let stage: HTMLDivElement;
  let video: HTMLVideoElement;
  beforeEach(() => {
    stage = document.createElement('div');
    video = document.createElement('video');
    video.className = 'player__video';
    stage.append(video);
    document.body.append(stage);
  });
  afterEach(() => {
    stage.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** A player on channel 1 with the standby on, channel 2 (then 3) wanted next. */
  async function onChannelOne(fake: ReturnType<typeof enginesPerElement>, onVideo = vi.fn()) {
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null, standby: true, onVideo });
    await player.load(channel(1));
    player.preload([channel(2), channel(3)]);
    await vi.waitFor(() => expect(fake.calls).toContain(`engine 2 load ${channel(2).url}`));
    return { player, onVideo };
  }

  it('the first stream wanted is loaded whole into a second, muted, unseen element; the others are preloaded', async () => {
    const fake = enginesPerElement();
    await onChannelOne(fake);
    expect(fake.calls).toEqual([
      `engine 1 load ${channel(1).url}`,
      `engine 1 preload ${channel(3).url}`,
      // The second engine is made first (Shaka is asked for once more).
      `engine 2 load ${channel(2).url}`,
    ]);
    const standby = fake.made[1]!.element;
    expect(standby).not.toBe(video);
    expect(standby.muted).toBe(true);
    expect(standby.getAttribute('aria-hidden')).toBe('true');
    expect(standby.style.opacity).toBe('0');
    // Beside the element on screen, with its look, never played while it waits.
    expect(standby.parentElement).toBe(stage);
    expect(stage.querySelector('video')).toBe(video);
    expect(standby.className).toBe('player__video');
    expect(standby.play).not.toHaveBeenCalled();
  });

  it('a zap onto it shows that element with the viewer’s sound and plays it, without loading anything', async () => {
    const fake = enginesPerElement();
    const { player, onVideo } = await onChannelOne(fake);
    video.muted = false;
    video.volume = 0.4;
    const before = fake.calls.length;
    await expect(player.zap(channel(2))).resolves.toBe('playing');
    const standby = fake.made[1]!.element;
    expect(fake.calls.slice(before)).toEqual([]);
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(standby.muted).toBe(false);
    expect(standby.volume).toBeCloseTo(0.4);
    expect(standby.hasAttribute('aria-hidden')).toBe(false);
    expect(standby.style.opacity).toBe('');
    expect(onVideo).toHaveBeenCalledWith(standby);
    // The page's first video is the one it shows.
    expect(stage.querySelector('video')).toBe(standby);
    expect(stage.querySelectorAll('video')).toHaveLength(2);
    // The element left is the standby now: silent, unseen, paused on the channel it showed.
    expect(video.muted).toBe(true);
    expect(video.style.opacity).toBe('0');
    expect(video.pause).toHaveBeenCalled();
    // The commands now act on the element on screen.
    player.setMuted(true);
    expect(standby.muted).toBe(true);
  });

  it('a zap back finds the channel left in the standby; a new neighbour is loaded into it when the page asks', async () => {
    const fake = enginesPerElement();
    const { player, onVideo } = await onChannelOne(fake);
    await player.zap(channel(2));
    const before = fake.calls.length;
    // Nothing is loaded beside the channel starting until the page names its neighbours.
    expect(fake.calls.slice(before)).toEqual([]);
    await expect(player.zap(channel(1))).resolves.toBe('playing');
    expect(onVideo).toHaveBeenLastCalledWith(video);
    expect(video.play).toHaveBeenCalled();
    player.preload([channel(0), channel(2)]);
    await vi.waitFor(() => expect(fake.calls).toContain(`engine 2 load ${channel(0).url}`));
    expect(fake.factory).toHaveBeenCalledTimes(2);
  });

  it('a start-over, a channel not held, or a refused standby load the plain way', async () => {
    const fake = enginesPerElement({ refused: [channel(2).url] });
    const { player, onVideo } = await onChannelOne(fake);
    await vi.waitFor(() => expect(fake.calls).toContain(`engine 1 preload ${channel(3).url}`));
    // The standby's load of channel 2 was refused (a 403): the zap loads it on screen.
    await player.zap(channel(2));
    expect(fake.calls.at(-1)).toBe(`engine 1 load ${channel(2).url}`);
    expect(onVideo).not.toHaveBeenCalled();
    await player.zap(channel(3), 'window-start');
    expect(fake.calls.at(-1)).toBe(`engine 1 load ${channel(3).url} at 0`);
    const before = fake.calls.length;
    await player.zap(channel(7));
    expect(fake.calls.slice(before)[0]).toBe(`engine 1 load ${channel(7).url}`);
    expect(onVideo).not.toHaveBeenCalled();
  });

  it('a standby gone stale is loaded again and not shown as it was', async () => {
    vi.useFakeTimers();
    const fake = enginesPerElement();
    const onVideo = vi.fn();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null, standby: true, onVideo });
    await player.load(channel(1));
    player.preload([channel(2)]);
    await vi.advanceTimersByTimeAsync(STANDBY_MAX_AGE_MS + 1);
    expect(fake.calls.filter((call) => call === `engine 2 load ${channel(2).url}`)).toHaveLength(2);
    await expect(player.zap(channel(2))).resolves.toBe('playing');
    expect(onVideo).toHaveBeenCalledWith(fake.made[1]!.element);
  });

  it('leaving the player drops the standby: its engine and its element', async () => {
    const fake = enginesPerElement();
    const { player } = await onChannelOne(fake);
    const standby = fake.made[1]!.element;
    await player.destroy();
    await vi.waitFor(() => expect(fake.calls).toContain('engine 2 destroyed'));
    expect(fake.calls).toContain('engine 1 destroyed');
    expect(standby.isConnected).toBe(false);
  });

  it('without the standby (a device with one decoder) no second element or engine is made', async () => {
    const fake = enginesPerElement();
    const player = createPlayer(video, { engineFactory: fake.factory, storage: null });
    await player.load(channel(1));
    player.preload([channel(2)]);
    await player.zap(channel(2));
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect(stage.querySelectorAll('video')).toHaveLength(1);
    expect(fake.calls).toEqual([
      `engine 1 load ${channel(1).url}`,
      `engine 1 preload ${channel(2).url}`,
      `engine 1 load ${channel(2).url} from preload`,
    ]);
  });
});
