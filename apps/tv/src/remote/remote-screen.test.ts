import { describe, expect, it, vi } from 'vitest';
import { createActivePlayerSlot, type PlayerCommands, type PlayerState } from '@playz/player';
import type { ForwardedAction, RemoteClient, RemoteNotifyName } from '@playz/remote';
import { createPlayerNeighboursSlot } from './player-neighbours';
import { createRemoteScreen } from './remote-screen';

/** A client as the screen uses it: actions in by hand, notify() recorded. */
function fakeClient() {
  let onAction: ((action: ForwardedAction) => void) | null = null;
  const sent: { event: RemoteNotifyName; data: unknown }[] = [];
  return {
    sent,
    last: (event: RemoteNotifyName) => sent.filter((frame) => frame.event === event).at(-1)?.data,
    count: (event: RemoteNotifyName) => sent.filter((frame) => frame.event === event).length,
    act: (action: Omit<ForwardedAction, 'from'>) => onAction?.({ ...action, from: 'phone-1' } as ForwardedAction),
    client: {
      on: vi.fn((event: string, handler: (action: ForwardedAction) => void) => {
        if (event === 'action') onAction = handler;
        return () => (onAction = null);
      }),
      notify: vi.fn((event: RemoteNotifyName, data: unknown) => {
        sent.push({ event, data });
        return true;
      }),
    } as unknown as Pick<RemoteClient, 'on' | 'notify'>,
  };
}

function fakePlayer(state: Partial<PlayerState> = {}) {
  const video = document.createElement('video');
  const current = { currentTime: 12, duration: 120, paused: true, ...state } as PlayerState;
  const commands = {
    play: vi.fn(async () => 'playing' as const),
    pause: vi.fn(),
    seek: vi.fn((time: number) => void (current.currentTime = time)),
  } as unknown as PlayerCommands & { play: ReturnType<typeof vi.fn>; seek: ReturnType<typeof vi.fn> };
  return { video, state: current, commands, entry: { commands, getState: () => current, video } };
}

function setup(path = '/') {
  const remote = fakeClient();
  const players = createActivePlayerSlot();
  const location = { path };
  const navigate = vi.fn((to: string) => (location.path = to));
  const ticks: (() => void)[] = [];
  const screen = createRemoteScreen({
    client: remote.client,
    players,
    currentPath: () => location.path,
    navigate,
    setInterval: (fn) => ticks.push(fn),
    clearInterval: () => ticks.splice(0),
  });
  return { remote, players, navigate, location, screen, ticks };
}

describe('the TV as a remote-control screen (spec 2 §4 Remote control, §7 actions)', () => {
  it('spec 2 §7 requestHistoryPush: opens the rewritten player route and starts at initialTime once it can play', () => {
    const { remote, players, navigate } = setup('/');
    remote.act({ action: 'requestHistoryPush', data: { route: '/content/1001/player', initialTime: 30 } });
    expect(navigate).toHaveBeenCalledWith('/content/1001/player', { replace: false });
    expect(remote.last('onNotifyQueueUpdated')).toEqual({ queue: ['/content/1001/player'], position: 0 });
    // The player screen mounts on the new route and announces its player.
    const player = fakePlayer();
    players.set(player.entry);
    expect(player.commands.seek).not.toHaveBeenCalled();
    player.video.dispatchEvent(new Event('canplay'));
    expect(player.commands.seek).toHaveBeenCalledWith(30);
    expect(player.commands.play).toHaveBeenCalled();
    // Once only: a later canplay (after a seek) does not jump back.
    player.video.dispatchEvent(new Event('canplay'));
    expect(player.commands.seek).toHaveBeenCalledTimes(1);
  });

  it('spec 2 §7 requestVideoPlay / Pause / Seek drive the player through its commands', () => {
    const { remote, players } = setup('/clip/12/player');
    const player = fakePlayer();
    players.set(player.entry);
    remote.act({ action: 'requestVideoPlay', data: {} });
    remote.act({ action: 'requestVideoPause', data: {} });
    remote.act({ action: 'requestVideoSeek', data: { time: 42.5 } });
    expect(player.commands.play).toHaveBeenCalledTimes(1);
    expect(player.commands.pause).toHaveBeenCalledTimes(1);
    expect(player.commands.seek).toHaveBeenCalledWith(42.5);
  });

  it('spec 2 §7 without a player on screen, a video action is answered with the current playback (nothing plays)', () => {
    const { remote } = setup('/');
    remote.act({ action: 'requestVideoPlay', data: {} });
    expect(remote.last('onNotifyCurrentPlayback')).toEqual({
      route: null,
      time: 0,
      duration: null,
      paused: true,
      queue: [],
      position: null,
    });
  });

  it('spec 2 §4 video events mirror to the phones: loading, loaded, play, pause, seek, end', () => {
    const { remote, players } = setup('/clip/12/player');
    const player = fakePlayer({ currentTime: 7, duration: 95 });
    players.set(player.entry);
    for (const type of ['loadstart', 'loadedmetadata', 'play', 'seeking', 'pause', 'ended'])
      player.video.dispatchEvent(new Event(type));
    expect(remote.sent.map((frame) => frame.event)).toEqual([
      'onNotifyVideoLoading',
      'onNotifyVideoLoaded',
      'onNotifyVideoPlay',
      'onNotifyVideoSeek',
      'onNotifyVideoPause',
      'onNotifyVideoEnd',
    ]);
    expect(remote.last('onNotifyVideoLoaded')).toEqual({ route: '/clip/12/player', duration: 95 });
    expect(remote.last('onNotifyVideoPlay')).toEqual({ time: 7 });
  });

  it('decision 044: a player that takes over a loaded element (an opening) tells the phones what plays at once', () => {
    const { remote, players } = setup('/clip/12/player');
    const player = fakePlayer({ currentTime: 0.1, duration: 95, paused: false });
    // Loaded and playing before this player was made: no load event will come.
    Object.defineProperty(player.video, 'readyState', { value: 4 });
    Object.defineProperty(player.video, 'paused', { value: false });
    players.set(player.entry);
    expect(remote.sent.map((frame) => frame.event)).toEqual(['onNotifyVideoLoaded', 'onNotifyVideoPlay']);
    expect(remote.last('onNotifyVideoLoaded')).toEqual({ route: '/clip/12/player', duration: 95 });
  });

  it('spec 2 §9 time updates: one per 100 ms step at most, ticking while the TV plays', () => {
    vi.useFakeTimers();
    try {
      const { remote, players, ticks } = setup('/clip/12/player');
      const player = fakePlayer();
      players.set(player.entry);
      player.video.dispatchEvent(new Event('play'));
      expect(ticks).toHaveLength(1);
      // Chromium's own timeupdate and the tick in the same step: one frame.
      player.video.dispatchEvent(new Event('timeupdate'));
      ticks[0]!();
      player.video.dispatchEvent(new Event('timeupdate'));
      expect(remote.count('onNotifyVideoTimeUpdate')).toBe(1);
      player.state.currentTime = 12.3;
      vi.advanceTimersByTime(100);
      expect(remote.count('onNotifyVideoTimeUpdate')).toBe(2);
      expect(remote.last('onNotifyVideoTimeUpdate')).toEqual({ time: 12.3, duration: 120 });
      player.video.dispatchEvent(new Event('pause'));
      expect(ticks).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('spec 2 §7 the queue: push, move, delete, position change, and the next item after the end', () => {
    const { remote, players, navigate } = setup('/');
    remote.act({ action: 'requestItemPush', data: { route: '/content/1/player' } });
    remote.act({ action: 'requestItemPush', data: { route: '/content/2/player' } });
    remote.act({ action: 'requestItemPush', data: { route: '/channel/3/player' } });
    expect(navigate).not.toHaveBeenCalled();
    remote.act({ action: 'requestItemMove', data: { from: 2, to: 0 } });
    expect(remote.last('onNotifyQueueUpdated')).toEqual({
      queue: ['/channel/3/player', '/content/1/player', '/content/2/player'],
      position: null,
    });
    remote.act({ action: 'requestItemDelete', data: { position: 0 } });
    remote.act({ action: 'requestPositionChange', data: { position: 0 } });
    expect(navigate).toHaveBeenLastCalledWith('/content/1/player', { replace: false });
    expect(remote.last('onNotifyQueueUpdated')).toEqual({
      queue: ['/content/1/player', '/content/2/player'],
      position: 0,
    });
    const player = fakePlayer();
    players.set(player.entry);
    player.video.dispatchEvent(new Event('ended'));
    // The next item replaces the player in the history: back leaves the player.
    expect(navigate).toHaveBeenLastCalledWith('/content/2/player', { replace: true });
    expect(remote.last('onNotifyQueueUpdated')).toEqual({
      queue: ['/content/1/player', '/content/2/player'],
      position: 1,
    });
  });

  it('spec 2 §7 a position the queue does not have changes nothing and resends the queue', () => {
    const { remote, navigate } = setup('/');
    remote.act({ action: 'requestPositionChange', data: { position: 4 } });
    expect(navigate).not.toHaveBeenCalled();
    expect(remote.last('onNotifyQueueUpdated')).toEqual({ queue: [], position: null });
  });

  it('spec 2 §7 requestCurrentRoute / requestCurrentPlayback answer the page and what plays', () => {
    const { remote, players, screen } = setup('/clip/12/player');
    const player = fakePlayer({ currentTime: 33.5, duration: 100, paused: false });
    players.set(player.entry);
    remote.act({ action: 'requestCurrentRoute', data: {} });
    expect(remote.last('onNotifyCurrentRoute')).toEqual({ route: '/clip/12/player' });
    remote.act({ action: 'requestCurrentPlayback', data: {} });
    expect(remote.last('onNotifyCurrentPlayback')).toEqual({
      route: '/clip/12/player',
      time: 33.5,
      duration: 100,
      paused: false,
      queue: [],
      position: null,
    });
    // The viewer moves with the TV's own keys: the phones hear it.
    screen.pathChanged('/channels');
    expect(remote.last('onNotifyCurrentRoute')).toEqual({ route: '/channels' });
  });

  it('stops mirroring a player that left the screen, and everything at dispose', () => {
    const { remote, players, screen } = setup('/clip/12/player');
    const player = fakePlayer();
    const release = players.set(player.entry);
    release();
    player.video.dispatchEvent(new Event('play'));
    expect(remote.count('onNotifyVideoPlay')).toBe(0);
    const next = fakePlayer();
    players.set(next.entry);
    screen.dispose();
    next.video.dispatchEvent(new Event('play'));
    remote.act({ action: 'requestVideoPause', data: {} });
    expect(remote.count('onNotifyVideoPlay')).toBe(0);
    expect(next.commands.pause).not.toHaveBeenCalled();
  });
});

describe('the TV hands a step to its phones (beyond the spec, decision 034 Apps)', () => {
  it('the page the phones hear carries the offered link while a screen offers one', () => {
    const remote = fakeClient();
    let offer: string | null = 'http://localhost/billing/link/tok-1';
    const screen = createRemoteScreen({
      client: remote.client,
      players: createActivePlayerSlot(),
      currentPath: () => '/subscribe',
      navigate: vi.fn(),
      handoff: () => offer,
    });
    remote.act({ action: 'requestCurrentRoute', data: {} });
    expect(remote.last('onNotifyCurrentRoute')).toEqual({
      route: '/subscribe?handoff=http%3A%2F%2Flocalhost%2Fbilling%2Flink%2Ftok-1',
    });
    offer = null;
    screen.pathChanged('/subscribe');
    expect(remote.last('onNotifyCurrentRoute')).toEqual({ route: '/subscribe' });
  });

  it('decision 040: while the parental code is asked the page says so, and a phone’s code goes to the dialog', () => {
    const remote = fakeClient();
    let asked: 'parental-code' | 'parental-code-again' | null = 'parental-code';
    const onParentalCode = vi.fn();
    const screen = createRemoteScreen({
      client: remote.client,
      players: createActivePlayerSlot(),
      currentPath: () => '/account',
      navigate: vi.fn(),
      ask: () => asked,
      onParentalCode,
    });
    remote.act({ action: 'requestCurrentRoute', data: {} });
    expect(remote.last('onNotifyCurrentRoute')).toEqual({ route: '/account?asks=parental-code' });
    remote.act({ action: 'requestParentalCode', data: { code: '0482' } });
    expect(onParentalCode).toHaveBeenCalledWith('0482');
    asked = 'parental-code-again';
    screen.pathChanged('/account');
    expect(remote.last('onNotifyCurrentRoute')).toEqual({ route: '/account?asks=parental-code-again' });
    asked = null;
    screen.pathChanged('/account');
    expect(remote.last('onNotifyCurrentRoute')).toEqual({ route: '/account' });
  });

  it('spec 2 §2 previous/next (decision 075): requestSkip presses the player’s own Previous or Next; the phones hear which sides it has', () => {
    const remote = fakeClient();
    const neighbours = createPlayerNeighboursSlot();
    const screen = createRemoteScreen({
      client: remote.client,
      players: createActivePlayerSlot(),
      currentPath: () => '/clip/3201/player',
      navigate: vi.fn(),
      neighbours,
    });
    // An episode with one before it and none after.
    const previous = vi.fn();
    const leave = neighbours.set({ previous, next: undefined });
    expect(remote.last('onNotifyNeighbours')).toEqual({ previous: true, next: false });
    remote.act({ action: 'requestSkip', data: { direction: 'previous' } });
    expect(previous).toHaveBeenCalledTimes(1);
    // A Next the phone thought there was: nothing moves, and the phone is told again.
    const told = remote.count('onNotifyNeighbours');
    remote.act({ action: 'requestSkip', data: { direction: 'next' } });
    expect(remote.count('onNotifyNeighbours')).toBe(told + 1);
    // The answer to requestCurrentPlayback carries them too.
    remote.act({ action: 'requestCurrentPlayback', data: {} });
    expect(remote.count('onNotifyNeighbours')).toBe(told + 2);
    // The same sides again (another player's) are not said again; an older player leaving changes nothing.
    const again = neighbours.set({ previous: vi.fn(), next: undefined });
    leave();
    expect(remote.count('onNotifyNeighbours')).toBe(told + 2);
    const channel = neighbours.set({ previous: vi.fn(), next: vi.fn() });
    expect(remote.last('onNotifyNeighbours')).toEqual({ previous: true, next: true });
    again();
    channel();
    expect(remote.last('onNotifyNeighbours')).toEqual({ previous: false, next: false });
    screen.dispose();
    neighbours.set({ next: vi.fn() });
    expect(remote.last('onNotifyNeighbours')).toEqual({ previous: false, next: false });
  });

  it("beyond the spec (decision 081): requestLanguages chooses through the player's own commands; the phones hear the languages", () => {
    const { remote, players } = setup('/clip/1005/player');
    const player = fakePlayer({
      languages: {
        audio: [
          { language: 'fr', label: 'Français' },
          { language: 'en', label: 'English' },
        ],
        audioLanguage: 'fr',
        subtitles: [{ language: 'en', label: 'English' }],
        subtitleLanguage: null,
        subtitleStyle: { size: 'medium', background: 'box' },
      },
    });
    const commands = player.commands as unknown as Record<string, ReturnType<typeof vi.fn>>;
    commands.setAudioLanguage = vi.fn((language: string) => {
      player.state.languages = { ...player.state.languages!, audioLanguage: language };
    });
    commands.setSubtitleLanguage = vi.fn((language: string | null) => {
      player.state.languages = { ...player.state.languages!, subtitleLanguage: language };
    });
    players.set(player.entry);
    player.video.dispatchEvent(new Event('loadedmetadata'));
    expect(remote.last('onNotifyLanguages')).toEqual({
      audio: [
        { language: 'fr', label: 'Français' },
        { language: 'en', label: 'English' },
      ],
      audioLanguage: 'fr',
      subtitles: [{ language: 'en', label: 'English' }],
      subtitleLanguage: null,
    });
    const told = remote.count('onNotifyLanguages');
    // The same again (a canplay after a seek) is not said again.
    player.video.dispatchEvent(new Event('canplay'));
    expect(remote.count('onNotifyLanguages')).toBe(told);

    remote.act({ action: 'requestLanguages', data: { subtitles: 'en' } });
    expect(commands.setSubtitleLanguage).toHaveBeenCalledWith('en');
    expect(commands.setAudioLanguage).not.toHaveBeenCalled();
    expect(remote.last('onNotifyLanguages')).toMatchObject({ subtitleLanguage: 'en', audioLanguage: 'fr' });
    remote.act({ action: 'requestLanguages', data: { audio: 'en', subtitles: null } });
    expect(commands.setAudioLanguage).toHaveBeenCalledWith('en');
    expect(commands.setSubtitleLanguage).toHaveBeenLastCalledWith(null);
    expect(remote.last('onNotifyLanguages')).toMatchObject({ subtitleLanguage: null, audioLanguage: 'en' });

    // The answer to requestCurrentPlayback carries them too.
    const before = remote.count('onNotifyLanguages');
    remote.act({ action: 'requestCurrentPlayback', data: {} });
    expect(remote.count('onNotifyLanguages')).toBe(before + 1);

    // The player goes: nothing to choose any more.
    players.set(fakePlayer().entry)();
    expect(remote.last('onNotifyLanguages')).toEqual({
      audio: [],
      audioLanguage: null,
      subtitles: [],
      subtitleLanguage: null,
    });
  });

  it('beyond the spec (decision 081): requestLanguages without a player answers with what plays (nothing)', () => {
    const { remote } = setup('/');
    remote.act({ action: 'requestLanguages', data: { subtitles: 'en' } });
    expect(remote.last('onNotifyCurrentPlayback')).toMatchObject({ route: null });
    expect(remote.last('onNotifyLanguages')).toEqual({
      audio: [],
      audioLanguage: null,
      subtitles: [],
      subtitleLanguage: null,
    });
  });
});
