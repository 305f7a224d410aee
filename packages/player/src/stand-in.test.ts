// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standInTracksOf, startStandIn, type StandInTrack } from './stand-in';

const VIDEO = 'video/mp4; codecs="avc1.4d4015"';
const AUDIO = 'audio/mp4; codecs="mp4a.40.2"';
const TRACKS: StandInTrack[] = [
  { mime: VIDEO, init: '/media/s/G/init-stream0.m4s', media: '/media/s/G/chunk-stream0-00001.m4s' },
  { mime: AUDIO, init: '/media/s/G/init-stream3.m4s', media: '/media/s/G/chunk-stream3-00001.m4s' },
];

/** MSE as far as the stand-in uses it: what was appended, to which type, in order. */
class FakeMediaSource extends EventTarget {
  static last: FakeMediaSource | null = null;
  static isTypeSupported = (mime: string) => !mime.includes('hev1');
  readonly appended: string[] = [];
  refuseAppends = false;
  constructor() {
    super();
    FakeMediaSource.last = this;
  }
  addSourceBuffer(mime: string) {
    const buffer = new EventTarget() as EventTarget & {
      appendBuffer(data: ArrayBuffer): void;
      timestampOffset: number;
    };
    buffer.timestampOffset = 0;
    buffer.appendBuffer = (data) => {
      const offset = buffer.timestampOffset ? ` @${buffer.timestampOffset}` : '';
      this.appended.push(`${mime.split(';')[0]} ${new TextDecoder().decode(data)}${offset}`);
      queueMicrotask(() => buffer.dispatchEvent(new Event(this.refuseAppends ? 'error' : 'updateend')));
    };
    return buffer;
  }
}

/** The preloads' answers, by URL: each file's name as its bytes; `refused` answers 403. */
function files(refused: string[] = []) {
  const asked: string[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request) => {
    const file = String(url);
    asked.push(file);
    if (refused.includes(file)) return new Response('', { status: 403 });
    return new Response(file.slice(file.lastIndexOf('/') + 1));
  }) as unknown as typeof fetch;
  return { fetchImpl, asked };
}

function meta(content: string): void {
  document.head.innerHTML = `<meta name="playz-opening" content='${content}'>`;
}

/** The element's first frame decoded (jsdom decodes nothing). */
function decodes(video: HTMLVideoElement): void {
  Object.defineProperty(video, 'readyState', { value: 2, configurable: true });
  video.dispatchEvent(new Event('loadeddata'));
}

describe('a first visit’s stand-in picture (decision 137; spec 2 §2 content player)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    FakeMediaSource.last = null;
    URL.createObjectURL = vi.fn(() => 'blob:stand-in');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads its tracks from the page’s opening, same-origin paths only, and leaves the <meta> for the opening', () => {
    meta(JSON.stringify({ contentId: '1001', picture: TRACKS }));
    expect(standInTracksOf(document)).toEqual(TRACKS);
    expect(document.querySelector('meta[name="playz-opening"]')).not.toBeNull();
    for (const init of ['//evil.example/init.m4s', 'https://evil.example/init.m4s', 42]) {
      meta(JSON.stringify({ picture: [{ ...TRACKS[0], init }] }));
      expect(standInTracksOf(document)).toEqual([]);
    }
    meta(JSON.stringify({ contentId: '1001' }));
    expect(standInTracksOf(document)).toEqual([]);
    meta('{not json');
    expect(standInTracksOf(document)).toEqual([]);
  });

  it('is none without MSE, without tracks, or with a type this browser does not play', () => {
    const { fetchImpl } = files();
    const mediaSource = FakeMediaSource as unknown as typeof MediaSource;
    expect(startStandIn(TRACKS, { fetchImpl, mediaSource: undefined as unknown as typeof MediaSource })).toBeNull();
    expect(startStandIn([], { fetchImpl, mediaSource })).toBeNull();
    expect(
      startStandIn([{ ...TRACKS[0]!, mime: 'video/mp4; codecs="hev1.1.6.L93"' }], { fetchImpl, mediaSource }),
    ).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(document.querySelector('video')).toBeNull();
  });

  it('asks every file at once, appends each track’s init then its segment, and is ready on its first frame', async () => {
    const { fetchImpl, asked } = files();
    const standIn = startStandIn(TRACKS, { fetchImpl, mediaSource: FakeMediaSource as unknown as typeof MediaSource })!;
    // Before the media source has even opened: the preloads answer them.
    expect(asked).toEqual([TRACKS[0]!.init, TRACKS[0]!.media, TRACKS[1]!.init, TRACKS[1]!.media]);
    expect(fetchImpl).toHaveBeenCalledWith(TRACKS[0]!.init, { credentials: 'same-origin' });
    // Out of sight, in the document (Chromium decodes a rendered element's first frame only).
    const video = document.querySelector('video')!;
    expect(video).toBe(standIn.video);
    expect(video.getAttribute('aria-hidden')).toBe('true');
    expect(video.style.opacity).toBe('0');
    expect(video.getAttribute('src')).toBe('blob:stand-in');
    let ready: boolean | null = null;
    void standIn.ready.then((shown) => (ready = shown));
    FakeMediaSource.last!.dispatchEvent(new Event('sourceopen'));
    await vi.waitFor(() => expect(FakeMediaSource.last!.appended).toHaveLength(4));
    const appended = FakeMediaSource.last!.appended;
    expect(appended.filter((line) => line.startsWith('video/'))).toEqual([
      'video/mp4 init-stream0.m4s',
      'video/mp4 chunk-stream0-00001.m4s',
    ]);
    expect(appended.filter((line) => line.startsWith('audio/'))).toEqual([
      'audio/mp4 init-stream3.m4s',
      'audio/mp4 chunk-stream3-00001.m4s',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ready).toBeNull();
    decodes(video);
    await vi.waitFor(() => expect(ready).toBe(true));
  });

  it('shows nothing, and leaves the page, when a file is refused or an append fails', async () => {
    const refused = files([TRACKS[1]!.media]);
    const first = startStandIn(TRACKS, {
      fetchImpl: refused.fetchImpl,
      mediaSource: FakeMediaSource as unknown as typeof MediaSource,
    })!;
    FakeMediaSource.last!.dispatchEvent(new Event('sourceopen'));
    await expect(first.ready).resolves.toBe(false);
    expect(first.video.isConnected).toBe(false);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:stand-in');

    const second = startStandIn(TRACKS, {
      fetchImpl: files().fetchImpl,
      mediaSource: FakeMediaSource as unknown as typeof MediaSource,
    })!;
    FakeMediaSource.last!.refuseAppends = true;
    FakeMediaSource.last!.dispatchEvent(new Event('sourceopen'));
    await expect(second.ready).resolves.toBe(false);
    expect(second.video.isConnected).toBe(false);
  });

  it('removed before its picture: not ready, and appends nothing more', async () => {
    const { fetchImpl } = files();
    const standIn = startStandIn(TRACKS, { fetchImpl, mediaSource: FakeMediaSource as unknown as typeof MediaSource })!;
    standIn.remove();
    expect(standIn.video.isConnected).toBe(false);
    FakeMediaSource.last!.dispatchEvent(new Event('sourceopen'));
    await expect(standIn.ready).resolves.toBe(false);
    expect(FakeMediaSource.last!.appended).toEqual([]);
  });

  it('a live channel’s (decision 139): its segments placed on the channel’s timeline, the element started where they begin', async () => {
    // Seconds since the channel's epoch of the block's start, less its clip's own time there.
    const offset = 217_000_000 - 28.8;
    const live = TRACKS.map((track) => ({ ...track, offset, following: [track.media.replace('00001', '00002')] }));
    document.head.innerHTML = `<meta name="playz-live-picture" content='${JSON.stringify({ channelId: 5, picture: live })}'>`;
    expect(standInTracksOf(document)).toEqual(live);
    document.head.innerHTML = `<meta name="playz-live-picture" content='${JSON.stringify({ picture: [{ ...live[0], offset: 'x' }] })}'>`;
    expect(standInTracksOf(document)).toEqual([]);
    const { fetchImpl } = files();
    const standIn = startStandIn(live, { fetchImpl, mediaSource: FakeMediaSource as unknown as typeof MediaSource })!;
    const video = standIn.video;
    // What the two buffers hold once appended: the segment's 3.2 s, its clip's time 32 s placed
    // at 217,000,003.2 s.
    const begins = offset + 32;
    Object.defineProperty(video, 'buffered', {
      value: { length: 1, start: () => begins, end: () => begins + 3.2 },
      configurable: true,
    });
    let sought: number | null = null;
    Object.defineProperty(video, 'currentTime', {
      get: () => sought ?? 0,
      set: (value: number) => (sought = value),
      configurable: true,
    });
    FakeMediaSource.last!.dispatchEvent(new Event('sourceopen'));
    await vi.waitFor(() => expect(sought).toBe(begins));
    // Then the following segment of each track, after its first.
    await vi.waitFor(() => expect(FakeMediaSource.last!.appended).toHaveLength(6));
    const appended = FakeMediaSource.last!.appended;
    expect(appended.filter((line) => line.startsWith('video/'))).toEqual(
      ['init-stream0.m4s', 'chunk-stream0-00001.m4s', 'chunk-stream0-00002.m4s'].map(
        (file) => `video/mp4 ${file} @${offset}`,
      ),
    );
    // Each buffer's offset is set before its first append.
    expect(appended.every((line) => line.endsWith(` @${offset}`))).toBe(true);
    decodes(video);
    await expect(standIn.ready).resolves.toBe(true);
  });

  it('a following segment refused ends the picture sooner, never the stand-in itself', async () => {
    const refusedFile = '/media/s/G/chunk-stream0-00002.m4s';
    const { fetchImpl } = files([refusedFile]);
    const standIn = startStandIn([{ ...TRACKS[0]!, following: [refusedFile] }], {
      fetchImpl,
      mediaSource: FakeMediaSource as unknown as typeof MediaSource,
    })!;
    FakeMediaSource.last!.dispatchEvent(new Event('sourceopen'));
    await vi.waitFor(() => expect(FakeMediaSource.last!.appended).toHaveLength(2));
    decodes(standIn.video);
    await expect(standIn.ready).resolves.toBe(true);
    expect(standIn.video.isConnected).toBe(true);
  });
});
