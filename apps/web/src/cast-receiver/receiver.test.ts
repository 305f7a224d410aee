import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player, PlayerState } from '@playz/player';
import type { CastCommand, CastMediaStatus } from '@/lib/cast-protocol';
import { startReceiver } from './receiver';

const LOAD = {
  type: 'LOAD',
  requestId: 1,
  media: {
    contentId: 'https://playz.example/media/s/grant/1005/manifest.mpd',
    contentType: 'application/dash+xml',
    streamType: 'BUFFERED',
    metadata: { title: 'La Mer', images: [{ url: 'https://playz.example/media/art/la-mer.jpg' }] },
  },
  currentTime: 125,
  autoplay: true,
  customData: { locale: 'en', status: { url: 'https://playz.example/api/1.2/cast/playback/status', token: 'sealed' } },
} as const satisfies CastCommand;

const playing = (currentTime: number, patch: Partial<PlayerState> = {}): PlayerState => ({
  paused: false,
  loading: false,
  seeking: false,
  muted: false,
  ended: false,
  currentTime,
  duration: 600,
  quality: 'auto',
  activeHeight: 720,
  live: false,
  seekStart: 0,
  seekEnd: 600,
  ...patch,
});

function setUp() {
  let send: ((command: CastCommand) => void) | null = null;
  const statuses: CastMediaStatus[] = [];
  const screen = { title: '', artwork: null as string | null, message: null as string | null, playing: false };
  const calls: string[] = [];
  let onState: ((state: PlayerState) => void) | null = null;
  let onFailure: (() => void) | null = null;
  const reports: { url: string; init: RequestInit }[] = [];
  const player = {
    load: vi.fn(
      async (stream: { url: string; type: string }, start?: number) =>
        void calls.push(`load ${stream.type} ${stream.url} ${start}`),
    ),
    play: vi.fn(async () => (calls.push('play'), 'playing' as const)),
    pause: vi.fn(() => void calls.push('pause')),
    seek: vi.fn((time: number) => void calls.push(`seek ${time}`)),
    destroy: vi.fn(async () => void calls.push('destroy')),
    adoptLanguages: vi.fn((languages: unknown) => void calls.push(`adopt ${JSON.stringify(languages)}`)),
    setAudioLanguage: vi.fn((language: string) => void calls.push(`audio ${language}`)),
    setSubtitleLanguage: vi.fn((language: string | null) => void calls.push(`subtitles ${language}`)),
    setSubtitleStyle: vi.fn((style: unknown) => void calls.push(`style ${JSON.stringify(style)}`)),
  } as unknown as Player;
  const receiver = startReceiver({
    channel: { onCommand: (listener) => void (send = listener), sendStatus: (status) => void statuses.push(status) },
    screen: {
      showMedia: (title, artwork) => Object.assign(screen, { title, artwork }),
      showMessage: (message) => void (screen.message = message),
      setPlaying: (value) => void (screen.playing = value),
    },
    createPlayer: (state, failure) => {
      onState = state;
      onFailure = failure;
      return player;
    },
    fetch: (async (url: string, init: RequestInit) => {
      reports.push({ url, init });
      return new Response('{}');
    }) as typeof fetch,
    locale: 'fr-FR',
  });
  return {
    receiver,
    statuses,
    screen,
    calls,
    reports,
    send: async (command: CastCommand) => {
      send!(command);
      await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    },
    state: (state: PlayerState) => onState!(state),
    fail: () => onFailure!(),
  };
}

describe('Playz Cast receiver (decision 070)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('waits for a LOAD saying so in its own language', () => {
    const { screen } = setUp();
    expect(screen.message).toBe('Prêt à diffuser depuis Playz');
  });

  it('a LOAD plays the signed URL from the viewer’s position and shows the title and artwork', async () => {
    const r = setUp();
    await r.send(LOAD);
    await vi.waitFor(() => expect(r.calls).toContain('play'));
    expect(r.calls).toEqual([`load dash ${LOAD.media.contentId} 125`, 'play']);
    expect(r.screen).toMatchObject({ title: 'La Mer', artwork: LOAD.media.metadata.images[0].url, message: null });
  });

  it('tells the senders its state, and saves the resume point with the grant on pause and every 10 s (spec 2 §4)', async () => {
    const r = setUp();
    await r.send(LOAD);
    r.state(playing(126));
    expect(r.statuses.at(-1)).toEqual({
      type: 'MEDIA_STATUS',
      playerState: 'PLAYING',
      currentTime: 126,
      duration: 600,
    });
    expect(r.screen.playing).toBe(true);
    r.state(playing(137));
    vi.advanceTimersByTime(10_000);
    r.state(playing(140, { paused: true }));
    expect(r.statuses.at(-1)).toMatchObject({ playerState: 'PAUSED', currentTime: 140 });
    expect(r.reports.map(({ init }) => JSON.parse(String(init.body)).playback_time)).toEqual(['137', '140']);
    const { url, init } = r.reports[0]!;
    expect(url).toBe(LOAD.customData.status.url);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer sealed');
  });

  it('plays, pauses, seeks and stops as the sender says; a stop saves where it was', async () => {
    const r = setUp();
    await r.send(LOAD);
    r.state(playing(200));
    r.send({ type: 'PAUSE', requestId: 2 });
    r.send({ type: 'SEEK', requestId: 3, currentTime: 300 });
    r.send({ type: 'PLAY', requestId: 4 });
    r.state(playing(301));
    r.send({ type: 'STOP', requestId: 5 });
    await vi.waitFor(() => expect(r.calls).toContain('destroy'));
    expect(r.calls.slice(2)).toEqual(['pause', 'seek 300', 'play', 'destroy']);
    expect(r.reports.map(({ init }) => JSON.parse(String(init.body)).playback_time)).toEqual(['301']);
    await vi.waitFor(() => expect(r.statuses.at(-1)).toMatchObject({ playerState: 'IDLE', idleReason: 'CANCELLED' }));
  });

  it('a stream that cannot play says so in the viewer’s language and reports the error', async () => {
    const r = setUp();
    await r.send(LOAD);
    r.fail();
    expect(r.screen.message).toBe('This video cannot be played on this screen.');
    await vi.waitFor(() => expect(r.statuses.at(-1)).toMatchObject({ playerState: 'IDLE', idleReason: 'ERROR' }));
  });

  it('without a grant it plays and reports nothing', async () => {
    const r = setUp();
    await r.send({ ...LOAD, customData: { locale: 'fr', status: null } });
    r.state(playing(10));
    r.state(playing(12, { paused: true }));
    expect(r.reports).toEqual([]);
  });

  it("decision 081: applies the profile's saved choice at LOAD, before the stream loads", async () => {
    const r = setUp();
    const languages = { audio: 'en', text: 'fr', style: { size: 'large', background: 'shadow' } } as const;
    await r.send({ ...LOAD, customData: { ...LOAD.customData, languages } });
    await vi.waitFor(() => expect(r.calls).toContain('play'));
    expect(r.calls).toEqual([`adopt ${JSON.stringify(languages)}`, `load dash ${LOAD.media.contentId} 125`, 'play']);
  });

  it("decision 081: a LOAD without the viewer's choice plays with the receiver's defaults", async () => {
    const r = setUp();
    await r.send(LOAD);
    await vi.waitFor(() => expect(r.calls).toContain('play'));
    expect(r.calls.some((call) => call.startsWith('adopt'))).toBe(false);
  });

  it("decision 081: the sender's EDIT_TRACKS_INFO switches the audio, the subtitles and their look", async () => {
    const r = setUp();
    // Before a LOAD there is nothing to switch.
    r.send({ type: 'EDIT_TRACKS_INFO', requestId: 1, subtitleLanguage: 'en' });
    expect(r.calls).toEqual([]);
    await r.send(LOAD);
    await vi.waitFor(() => expect(r.calls).toContain('play'));
    r.send({ type: 'EDIT_TRACKS_INFO', requestId: 2, subtitleLanguage: 'en' });
    r.send({ type: 'EDIT_TRACKS_INFO', requestId: 3, audioLanguage: 'en', subtitleLanguage: null });
    r.send({ type: 'EDIT_TRACKS_INFO', requestId: 4, textTrackStyle: { size: 'small' } });
    expect(r.calls.slice(2)).toEqual(['subtitles en', 'audio en', 'subtitles null', 'style {"size":"small"}']);
  });
});
