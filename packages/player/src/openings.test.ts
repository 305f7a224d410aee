// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine, EngineEvents, EngineFactory } from './engine';
import {
  createOpenings,
  OPENING_AHEAD_SECONDS,
  OPENING_LAUNCH_MS,
  OPENING_MAX_AGE_MS,
  OPENING_WAIT_MS,
  openingKey,
  HAND_OVER_HOLD_WAIT_MS,
  STAND_IN_LEAD_SECONDS,
} from './openings';
import { createPlayer } from './player';

/** An engine that records what it is asked; `continueWith` answers as told. */
function fakeEngine(continued: Promise<void> = Promise.resolve()) {
  const calls: string[] = [];
  let events: EngineEvents | null = null;
  const engine: Engine = {
    kind: 'shaka',
    load: vi.fn(async (url: string, mime: string, start?: number) => {
      calls.push(`load ${url} ${mime} ${start ?? 'start'}`);
    }),
    preload: vi.fn(async () => null),
    limitAhead: (seconds) => calls.push(`ahead ${seconds}`),
    continueWith: vi.fn(async (url: string) => {
      calls.push(`continue ${url}`);
      await continued;
    }),
    getVideoTracks: () => [],
    setAdaptive: () => {},
    selectVideoTrack: () => {},
    getAudioLanguages: () => [],
    selectAudioLanguage: () => {},
    getTextLanguages: () => [],
    selectTextLanguage: () => {},
    isLive: () => false,
    getSeekRange: () => null,
    destroy: vi.fn(async () => void calls.push('destroy')),
  };
  const factory: EngineFactory = vi.fn(async (_kind, _video, engineEvents) => {
    events = engineEvents;
    return engine;
  });
  return { engine, factory, calls, events: () => events! };
}

const OPENING = { url: '/media/s/OPEN.SIG/clips/aurora/manifest.mpd', type: 'dash' as const };

/** jsdom never decodes: the element says it holds its first frame (HAVE_CURRENT_DATA) when told. */
function decoded(video: HTMLVideoElement): void {
  Object.defineProperty(video, 'readyState', { value: 2, configurable: true });
}

describe('openings (decision 044: the press plays a picture already decoded)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  it('loads the opening, from where the viewer would start, into a hidden element, no further than its grant', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const source = vi.fn(async () => ({ stream: OPENING, startTime: 42 }));
    openings.prepare(openingKey('1001', 42), source);
    await vi.waitFor(() => expect(fake.calls).toContain(`load ${OPENING.url} application/dash+xml 42`));
    expect(fake.calls[0]).toBe(`ahead ${OPENING_AHEAD_SECONDS}`);
    const video = document.querySelector('video')!;
    expect(video.getAttribute('aria-hidden')).toBe('true');
    expect(video.style.opacity).toBe('0');
    // Pointed at again: nothing asked again.
    openings.prepare(openingKey('1001', 42), source);
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('hands over the element and its engine once the first frame is decoded; the taker gets its events', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    decoded(document.querySelector('video')!);
    const taken = openings.take('1001@0')!;
    expect(taken.video).toBe(document.querySelector('video'));
    expect(taken.engine).toBe(fake.engine);
    // The stream it loaded, which the taker's player compares with its own (decision 138).
    expect(taken.url).toBe(OPENING.url);
    const onError = vi.fn();
    taken.listen({ onError, onTracksChanged: () => {}, onBuffering: () => {} });
    fake.events().onError({ code: 1001, message: 'HTTP', fatal: true });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 1001 }));
    // Taken once: the next press loads the usual way.
    expect(openings.take('1001@0')).toBeNull();
    expect(fake.calls).not.toContain('destroy');
  });

  it('a press launches a decoded opening: placed by the page, played, then taken as it plays', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const place = vi.fn((video: HTMLVideoElement) => (video.className = 'launched'));
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    const video = document.querySelector('video')!;
    // Not decoded yet: nothing to show, the press goes the usual way.
    expect(openings.launch('1001@0', place)).toBe(false);
    decoded(video);
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    expect(openings.launch('1002@0', place)).toBe(false);
    expect(openings.launch('1001@0', place)).toBe(true);
    expect(place).toHaveBeenCalledWith(video);
    expect(play).toHaveBeenCalled();
    expect(openings.take('1001@0')?.video).toBe(video);
  });

  it('a launched opening no page takes stops after a while', async () => {
    vi.useFakeTimers();
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    const video = document.querySelector('video')!;
    decoded(video);
    vi.spyOn(video, 'play').mockResolvedValue(undefined);
    expect(openings.launch('1001@0', () => {})).toBe(true);
    vi.advanceTimersByTime(OPENING_LAUNCH_MS);
    expect(document.querySelector('video')).toBeNull();
    expect(openings.take('1001@0')).toBeNull();
  });

  it('gives nothing for another key or a start that moved, and drops an opening not decoded yet', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    expect(openings.take('1001@120')).toBeNull();
    expect(fake.calls).not.toContain('destroy');
    // Pressed before its first frame: it would only compete with the page's own start.
    expect(openings.take('1001@0')).toBeNull();
    await vi.waitFor(() => expect(fake.calls).toContain('destroy'));
    expect(document.querySelector('video')).toBeNull();
  });

  it('drops, when asked for a key, only that key’s opening', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    openings.drop('1002@0');
    expect(document.querySelector('video')).not.toBeNull();
    openings.drop('1001@0');
    expect(document.querySelector('video')).toBeNull();
    expect(fake.calls).toContain('destroy');
  });

  it('keeps one opening: pointing at another card drops the previous one', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    openings.prepare('1002@0', async () => null);
    await vi.waitFor(() => expect(fake.calls).toContain('destroy'));
    expect(document.querySelectorAll('video')).toHaveLength(0);
  });

  it('destroys the engine of an opening whose load failed (Shaka would stay attached)', async () => {
    const fake = fakeEngine();
    vi.mocked(fake.engine.load).mockRejectedValueOnce(Object.assign(new Error('HTTP 403'), { code: 1001 }));
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls).toContain('destroy'));
    expect(document.querySelector('video')).toBeNull();
    expect(openings.take('1001@0')).toBeNull();
  });

  it('ends an opening that failed (refused, the server said no) and one left past its grant’s minute', async () => {
    vi.useFakeTimers();
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => {
      throw new Error('4');
    });
    await vi.waitFor(() => expect(document.querySelector('video')).toBeNull());
    expect(openings.take('1001@0')).toBeNull();

    openings.prepare('1003@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    fake.events().onError({ code: 1001, message: 'HTTP 403', fatal: true });
    expect(openings.take('1003@0')).toBeNull();

    openings.prepare('1004@0', async () => ({ stream: OPENING, startTime: undefined }));
    await vi.waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    vi.advanceTimersByTime(OPENING_MAX_AGE_MS);
    expect(document.querySelector('video')).toBeNull();
  });
});

describe('a page waits for an opening still loading (decision 111: a first visit prepared by its HTML)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  it('is pending until its first frame is decoded; settled then resolves and take hands it over', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    expect(openings.pending('1001@0')).toBe(true);
    const settled = vi.fn();
    void openings.settled('1001@0').then(settled);
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    // Loaded, but no frame decoded yet: still waiting (take would drop it).
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    expect(openings.pending('1001@0')).toBe(true);
    const video = document.querySelector('video')!;
    decoded(video);
    video.dispatchEvent(new Event('loadeddata'));
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
    expect(openings.pending('1001@0')).toBe(false);
    expect(openings.take('1001@0')?.engine).toBe(fake.engine);
  });

  it('settles at once for another key, and when the opening fails or is dropped', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    await openings.settled('1001@0');
    expect(openings.pending('1001@0')).toBe(false);
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    expect(openings.pending('1002@0')).toBe(false);
    await openings.settled('1002@0');
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    const failed = openings.settled('1001@0');
    fake.events().onError({ code: 1001, message: 'HTTP 403', fatal: true });
    await failed;
    expect(openings.take('1001@0')).toBeNull();

    openings.prepare('1003@0', async () => ({ stream: OPENING, startTime: undefined }));
    const dropped = openings.settled('1003@0');
    openings.drop();
    await dropped;
    expect(openings.pending('1003@0')).toBe(false);
  });

  it('waits OPENING_WAIT_MS at most for an opening that never decodes; take then drops it', async () => {
    vi.useFakeTimers();
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    openings.prepare('1001@0', async () => ({ stream: OPENING, startTime: undefined }));
    const settled = vi.fn();
    void openings.settled('1001@0').then(settled);
    await vi.advanceTimersByTimeAsync(OPENING_WAIT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalled();
    expect(openings.take('1001@0')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });
});

/** A media element whose clock, pause and plays the test drives (jsdom plays nothing). */
function drivenVideo(video: HTMLVideoElement, held = 3.2) {
  const state = { time: 0, paused: true, played: false, seeks: [] as number[], heldFrom: 0, held };
  Object.defineProperties(video, {
    currentTime: {
      get: () => state.time,
      set: (time: number) => {
        state.time = time;
        state.seeks.push(time);
      },
      configurable: true,
    },
    paused: { get: () => state.paused, configurable: true },
    played: { get: () => ({ length: state.played ? 1 : 0 }), configurable: true },
    buffered: { get: () => ({ length: 1, start: () => state.heldFrom, end: () => state.held }), configurable: true },
  });
  video.play = vi.fn(async () => {
    state.paused = false;
    state.played = true;
  });
  video.pause = vi.fn(() => void (state.paused = true));
  return state;
}

/** A first visit's stand-in (decision 137): its own element, its first frame when the test says. */
function fakeStandIn() {
  const video = document.createElement('video');
  document.body.append(video);
  const clock = drivenVideo(video);
  let show: (shown: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (show = resolve));
  const remove = vi.fn(() => video.remove());
  return { standIn: { video, ready, remove }, video, clock, show, remove };
}

/** The player's element of the opening (the one that is not the stand-in's), driven too. */
async function playerVideo(standIn: HTMLVideoElement) {
  let found: HTMLVideoElement | undefined;
  await vi.waitFor(() => {
    found = [...document.querySelectorAll('video')].find((video) => video !== standIn);
    expect(found).toBeDefined();
  });
  return { video: found!, clock: drivenVideo(found!) };
}

/** The player's element decoded its first frame (the event the openings listen to). */
function playerDecoded(video: HTMLVideoElement): void {
  decoded(video);
  video.dispatchEvent(new Event('loadeddata'));
}

describe('a first visit’s stand-in picture (decision 137)', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  const KEY = '1001@0';
  const source = async () => ({ stream: OPENING, startTime: undefined });
  const place = vi.fn((video: HTMLVideoElement) => void (video.className = 'launched'));
  beforeEach(() => void place.mockClear());

  /** A stand-in shown and launched, the player's element loading behind it. */
  async function launchedStandIn() {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const stand = fakeStandIn();
    openings.prepare(KEY, source, stand.standIn);
    stand.show(true);
    await vi.waitFor(() => expect(openings.launch(KEY, place)).toBe(true));
    const player = await playerVideo(stand.video);
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    return { openings, stand, player };
  }

  it('is launched before the player has loaded, whose fetch and start wait for the stand-in’s picture', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const stand = fakeStandIn();
    openings.prepare(KEY, source, stand.standIn);
    let pictured = false;
    void openings.pictured(KEY).then(() => (pictured = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing to show yet, and Shaka not asked: it would compete with the stand-in.
    expect(pictured).toBe(false);
    expect(fake.factory).not.toHaveBeenCalled();
    expect(openings.launch(KEY, () => {})).toBe(false);
    stand.show(true);
    await vi.waitFor(() => expect(pictured).toBe(true));
    const place = vi.fn((video: HTMLVideoElement) => void (video.className = 'launched'));
    expect(openings.launch(KEY, place)).toBe(true);
    expect(place).toHaveBeenCalledWith(stand.video);
    expect(stand.video.play).toHaveBeenCalled();
    // The player loads now, behind the stand-in; `settled` (what a page takes) still waits for it.
    await vi.waitFor(() => expect(fake.calls).toContain(`load ${OPENING.url} application/dash+xml start`));
    expect(openings.pending(KEY)).toBe(true);
  });

  it('a live channel’s player starts where its stand-in is, not at its own live start (decision 139)', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const stand = fakeStandIn();
    openings.prepare(
      'channel:5',
      async () => ({ stream: OPENING, startTime: undefined, startAtStandIn: true }),
      stand.standIn,
    );
    // The stand-in has played on its channel's timeline by the time the player loads.
    stand.clock.time = 218_246_918.9;
    stand.show(true);
    await vi.waitFor(() => expect(fake.calls).toContain(`load ${OPENING.url} application/dash+xml 218246918.9`));
    // A film's opening keeps its own start.
    const film = fakeEngine();
    const filmOpenings = createOpenings({ engineFactory: film.factory });
    const filmStand = fakeStandIn();
    filmOpenings.prepare(KEY, source, filmStand.standIn);
    filmStand.clock.time = 0.4;
    filmStand.show(true);
    await vi.waitFor(() => expect(film.calls).toContain(`load ${OPENING.url} application/dash+xml start`));
  });

  it('hands over to the player’s element sought ahead of it, once the stand-in gets there, playing', async () => {
    const { openings, stand, player } = await launchedStandIn();
    stand.clock.time = 1;
    playerDecoded(player.video);
    expect(player.clock.seeks).toEqual([1 + STAND_IN_LEAD_SECONDS]);
    vi.useFakeTimers();
    player.video.dispatchEvent(new Event('seeked'));
    vi.advanceTimersByTime(STAND_IN_LEAD_SECONDS * 1000 - 1);
    // The stand-in is not there yet: it goes on.
    expect(place).not.toHaveBeenCalledWith(player.video);
    expect(stand.remove).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(place).toHaveBeenLastCalledWith(player.video);
    expect(player.video.play).toHaveBeenCalled();
    expect(stand.remove).toHaveBeenCalled();
    const taken = openings.take(KEY)!;
    expect(taken.video).toBe(player.video);
    expect(taken.pausedByViewer()).toBe(false);
  });
  it('waits for the player’s element to hold the stand-in’s instant before seeking it there (never outside what it holds)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const { stand, player } = await launchedStandIn();
    // A player that came late: it holds 0–3.2 s, the stand-in plays at 3.1 s.
    stand.clock.time = 3.1;
    stand.clock.held = 6.4;
    playerDecoded(player.video);
    expect(player.clock.seeks).toEqual([]);
    // It fetched the next segment meanwhile.
    player.clock.held = 6.4;
    stand.clock.time = 3.2;
    vi.advanceTimersByTime(100);
    expect(player.clock.seeks).toEqual([3.2 + STAND_IN_LEAD_SECONDS]);
  });

  /** A player that came late: it holds 0–3.2 s from its 1 s, the stand-in plays at `standInAt` holding up to 6.4 s. */
  async function playerBehindStandIn(standInAt: number) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const launched = await launchedStandIn();
    launched.stand.clock.time = standInAt;
    launched.stand.clock.held = 6.4;
    launched.player.clock.time = 1;
    playerDecoded(launched.player.video);
    return launched;
  }

  it('hands over within what the player’s element holds when it still lacks the stand-in’s instant after HAND_OVER_HOLD_WAIT_MS', async () => {
    const { openings, stand, player } = await playerBehindStandIn(3.1);
    vi.advanceTimersByTime(HAND_OVER_HOLD_WAIT_MS - 100);
    expect(player.clock.seeks).toEqual([]);
    // The stand-in went on meanwhile, past what the player holds.
    stand.clock.time = 3.3;
    vi.advanceTimersByTime(100);
    // A frame short of its end: the picture repeats a tenth of a second rather than stall.
    expect(player.clock.seeks).toEqual([3.16]);
    player.video.dispatchEvent(new Event('seeked'));
    vi.advanceTimersByTime(0);
    expect(place).toHaveBeenLastCalledWith(player.video);
    expect(stand.remove).toHaveBeenCalled();
    expect(player.clock.seeks).toEqual([3.16]);
    expect(openings.take(KEY)?.video).toBe(player.video);
  });

  it('a page taking the opening while the hand-over waits seeks the player’s element within what it holds', async () => {
    const { openings, stand, player } = await playerBehindStandIn(5);
    expect(openings.take(KEY)?.video).toBe(player.video);
    expect(player.clock.seeks).toEqual([3.16]);
    expect(stand.remove).toHaveBeenCalled();
    // The wait ends with the stand-in gone: nothing more.
    vi.advanceTimersByTime(HAND_OVER_HOLD_WAIT_MS);
    expect(player.clock.seeks).toEqual([3.16]);
  });

  it('a stand-in the viewer paused hands over at its own instant, and the page keeps the pause', async () => {
    const { openings, stand, player } = await launchedStandIn();
    // A media key, 2 s in.
    stand.clock.time = 2;
    stand.video.pause();
    playerDecoded(player.video);
    expect(player.clock.seeks).toEqual([2]);
    player.video.dispatchEvent(new Event('seeked'));
    await vi.waitFor(() => expect(place).toHaveBeenLastCalledWith(player.video));
    expect(player.video.play).not.toHaveBeenCalled();
    expect(stand.remove).toHaveBeenCalled();
    expect(openings.take(KEY)?.pausedByViewer()).toBe(true);
  });

  it('a page taking the opening mid-hand-over gets the player’s element at once, the stand-in gone', async () => {
    const { openings, stand, player } = await launchedStandIn();
    stand.clock.time = 1;
    playerDecoded(player.video);
    // Its seek not done yet.
    const taken = openings.take(KEY)!;
    expect(taken.video).toBe(player.video);
    expect(player.clock.seeks).toEqual([1 + STAND_IN_LEAD_SECONDS]);
    expect(place).toHaveBeenLastCalledWith(player.video);
    expect(player.video.play).toHaveBeenCalled();
    expect(stand.remove).toHaveBeenCalled();
    // The seek's end changes nothing any more.
    player.video.dispatchEvent(new Event('seeked'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(place).toHaveBeenCalledTimes(2);
  });

  it('a page taking the opening while the player’s element is still seeking to the stand-in gets that element, not a new start', async () => {
    const { openings, stand, player } = await launchedStandIn();
    stand.clock.time = 2.7;
    playerDecoded(player.video);
    // Seeking to 3.0 s, Chromium's element has no frame at its new instant yet: HAVE_METADATA.
    Object.defineProperty(player.video, 'readyState', { value: 1, configurable: true });
    const taken = openings.take(KEY);
    expect(taken?.video).toBe(player.video);
    expect(player.clock.seeks).toEqual([2.7 + STAND_IN_LEAD_SECONDS]);
    expect(place).toHaveBeenLastCalledWith(player.video);
    expect(stand.remove).toHaveBeenCalled();
  });

  it('a player’s element not decoded and not handed over is still dropped at the take (the page starts its own)', async () => {
    const { openings, player } = await launchedStandIn();
    expect(player.video.readyState).toBe(0);
    expect(openings.take(KEY)).toBeNull();
    expect(player.video.isConnected).toBe(false);
  });

  it('goes unseen when the player is ready before the launch, which plays the player’s element', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const stand = fakeStandIn();
    openings.prepare(KEY, source, stand.standIn);
    stand.show(true);
    const player = await playerVideo(stand.video);
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    playerDecoded(player.video);
    expect(stand.remove).toHaveBeenCalled();
    expect(openings.launch(KEY, place)).toBe(true);
    expect(place).toHaveBeenCalledWith(player.video);
    expect(place).not.toHaveBeenCalledWith(stand.video);
  });

  it('one that shows nothing leaves the picture to the player', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const stand = fakeStandIn();
    openings.prepare(KEY, source, stand.standIn);
    let pictured = false;
    void openings.pictured(KEY).then(() => (pictured = true));
    stand.show(false);
    const player = await playerVideo(stand.video);
    await vi.waitFor(() => expect(fake.calls.some((call) => call.startsWith('load'))).toBe(true));
    expect(pictured).toBe(false);
    expect(openings.launch(KEY, place)).toBe(false);
    playerDecoded(player.video);
    await vi.waitFor(() => expect(pictured).toBe(true));
    expect(openings.launch(KEY, place)).toBe(true);
    expect(place).toHaveBeenCalledWith(player.video);
  });

  it('goes with its opening: dropped, replaced, or given for an opening already prepared', async () => {
    const fake = fakeEngine();
    const openings = createOpenings({ engineFactory: fake.factory });
    const first = fakeStandIn();
    openings.prepare(KEY, source, first.standIn);
    const again = fakeStandIn();
    openings.prepare(KEY, source, again.standIn);
    expect(again.remove).toHaveBeenCalled();
    expect(first.remove).not.toHaveBeenCalled();
    openings.prepare('1002@0', source);
    expect(first.remove).toHaveBeenCalled();
    const third = fakeStandIn();
    openings.prepare(KEY, source, third.standIn);
    openings.drop(KEY);
    expect(third.remove).toHaveBeenCalled();
    // Its late picture launches nothing.
    third.show(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(openings.launch(KEY, place)).toBe(false);
  });
});

/** An opening taken over: its element and engine, the stream it loaded (the opening's grant by default). */
const takenOpening = (video: HTMLVideoElement, engine: Engine, url = '/media/s/OPEN/m.mpd') => ({
  video,
  engine,
  listen: vi.fn(),
  pausedByViewer: () => false,
  url,
});

describe('a player over a taken opening (decision 044)', () => {
  const VIEW = { url: '/media/s/VIEW.M/clips/aurora/manifest.mpd', type: 'dash' as const };

  it('loads nothing: it continues the engine under the press’s grant, then fetches ahead as usual', async () => {
    const fake = fakeEngine();
    const video = document.createElement('video');
    const opening = takenOpening(video, fake.engine);
    const player = createPlayer(video, { opening, engineFactory: fake.factory, storage: null });
    expect(opening.listen).toHaveBeenCalled();
    await player.load(VIEW);
    await vi.waitFor(() => expect(fake.calls).toContain('ahead null'));
    expect(fake.calls).toEqual([`continue ${VIEW.url}`, 'ahead null']);
    expect(fake.factory).not.toHaveBeenCalled();
    // A later load (another source) is a usual load into the same engine.
    await player.load({ url: '/media/s/OTHER.M/clips/b/manifest.mpd', type: 'dash' });
    expect(fake.calls.at(-1)).toBe('load /media/s/OTHER.M/clips/b/manifest.mpd application/dash+xml start');
  });

  it('decision 138: an opening of the page’s own stream (a live channel’s first visit) is not continued, only let fetch ahead', async () => {
    const fake = fakeEngine();
    const video = document.createElement('video');
    const LIVE = { url: '/live/GRANT/manifest.mpd', type: 'dash' as const };
    const opening = takenOpening(video, fake.engine, LIVE.url);
    const player = createPlayer(video, { opening, engineFactory: fake.factory, storage: null });
    await player.load(LIVE);
    await vi.waitFor(() => expect(fake.calls).toContain('ahead null'));
    expect(fake.calls).toEqual(['ahead null']);
    expect(fake.factory).not.toHaveBeenCalled();
  });

  it('a refused continuation (no device place left, the session ended) is a fatal error, and nothing more is fetched ahead', async () => {
    const fake = fakeEngine(Promise.reject(Object.assign(new Error('HTTP 403'), { code: 403 })));
    const video = document.createElement('video');
    const onError = vi.fn();
    const opening = takenOpening(video, fake.engine);
    const player = createPlayer(video, { opening, onError, storage: null, logger: { error: () => {} } });
    await player.load(VIEW);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 403, fatal: true })));
    expect(fake.calls).not.toContain('ahead null');
  });
});
