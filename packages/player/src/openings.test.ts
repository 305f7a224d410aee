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

describe('a player over a taken opening (decision 044)', () => {
  const VIEW = { url: '/media/s/VIEW.M/clips/aurora/manifest.mpd', type: 'dash' as const };

  it('loads nothing: it continues the engine under the press’s grant, then fetches ahead as usual', async () => {
    const fake = fakeEngine();
    const video = document.createElement('video');
    const opening = { video, engine: fake.engine, listen: vi.fn(), pausedByViewer: false };
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

  it('a refused continuation (no device place left, the session ended) is a fatal error, and nothing more is fetched ahead', async () => {
    const fake = fakeEngine(Promise.reject(Object.assign(new Error('HTTP 403'), { code: 403 })));
    const video = document.createElement('video');
    const onError = vi.fn();
    const opening = { video, engine: fake.engine, listen: vi.fn(), pausedByViewer: false };
    const player = createPlayer(video, { opening, onError, storage: null, logger: { error: () => {} } });
    await player.load(VIEW);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 403, fatal: true })));
    expect(fake.calls).not.toContain('ahead null');
  });
});
