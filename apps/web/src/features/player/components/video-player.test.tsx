import type * as PlayerModule from '@playz/player';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { PlayerOptions, PlayerState, QualityPreference, QualityTrack } from '@playz/player';
import { createI18n } from '@/lib/i18n';
import { VideoPlayer } from './video-player';

// The adapter is replaced by a fake whose state the test drives, so the controls' rules are
// checked without Shaka or media decoding.
const fake = vi.hoisted(() => ({
  options: null as PlayerOptions | null,
  state: null as unknown as PlayerState,
  tracks: [] as QualityTrack[],
  playResult: 'playing' as 'playing' | 'muted' | 'blocked',
  calls: [] as string[],
  created: 0,
  /** What the openings give the player (decision 044), and what they were asked. */
  opening: null as PlayerModule.TakenOpening | null,
  openingCalls: [] as string[],
}));

vi.mock('@playz/player', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerModule>();
  const openings: PlayerModule.Openings = {
    prepare: () => {},
    launch: () => false,
    take: (key: string) => {
      fake.openingCalls.push(`take ${key}`);
      const taken = fake.opening;
      fake.opening = null;
      return taken;
    },
    drop: () => void fake.openingCalls.push('drop'),
  };
  return {
    ...actual,
    openings,
    mediaElementFor: (key: string | undefined) => actual.mediaElementFor(key, openings),
    createPlayer: (_video: HTMLVideoElement, options: PlayerOptions) => {
      fake.options = options;
      fake.created++;
      const emit = () => options.onState?.({ ...fake.state });
      return {
        load: vi.fn(async (stream: { url: string }, start?: number) => {
          fake.calls.push(`load ${stream.url} ${start ?? ''}`.trim());
        }),
        zap: vi.fn(async (stream: { url: string }, start?: number | string) => {
          fake.calls.push(`zap ${stream.url} ${start ?? ''}`.trim());
          return fake.playResult;
        }),
        preload: vi.fn((streams: readonly { url: string }[]) => {
          fake.calls.push(`preload ${streams.map((s) => s.url).join(' ')}`.trim());
        }),
        play: vi.fn(async () => {
          fake.calls.push('play');
          fake.state = { ...fake.state, paused: false, muted: fake.playResult === 'muted' };
          emit();
          return fake.playResult;
        }),
        pause: vi.fn(() => {
          fake.calls.push('pause');
          fake.state = { ...fake.state, paused: true };
          emit();
        }),
        seek: vi.fn((time: number) => {
          fake.calls.push(`seek ${time}`);
          fake.state = { ...fake.state, currentTime: time };
          emit();
        }),
        setMuted: vi.fn((muted: boolean) => {
          fake.calls.push(`muted ${muted}`);
          fake.state = { ...fake.state, muted };
          emit();
        }),
        setQuality: vi.fn((quality: QualityPreference) => {
          fake.calls.push(`quality ${quality}`);
          fake.state = { ...fake.state, quality };
          emit();
        }),
        getTracks: () => fake.tracks,
        getState: () => ({ ...fake.state }),
        destroy: vi.fn(async () => {
          fake.calls.push('destroy');
        }),
      };
    },
  };
});

const stream = {
  url: '/media/s/token/c/manifest.mpd',
  type: 'dash' as const,
  thumbnails: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((percent) => ({
    percent,
    time: percent * 6,
    url: `/t/${percent}.jpg`,
  })),
};

function setState(patch: Partial<PlayerState>) {
  fake.state = { ...fake.state, ...patch };
  act(() => fake.options?.onState?.({ ...fake.state }));
}

async function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const view = render(
    <I18nextProvider i18n={createI18n('fr')}>
      <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" {...props} />
    </I18nextProvider>,
  );
  await act(async () => {});
  return view;
}

const controls = () => within(screen.getByTestId('video-player'));

/**
 * Runs `action` and waits until it made the player do `call`: the calls it added are looked at,
 * not the log's last entry, which an effect still under way (the first play) may write after it.
 */
async function expectCall(action: () => unknown, call: string) {
  const from = fake.calls.length;
  action();
  await waitFor(() => expect(fake.calls.slice(from)).toContain(call));
}

describe('VideoPlayer controls (spec 2 §2, §4, §9)', () => {
  beforeEach(() => {
    fake.options = null;
    fake.opening = null;
    fake.openingCalls = [];
    fake.calls = [];
    fake.created = 0;
    fake.playResult = 'playing';
    fake.tracks = [
      { height: 720, width: 1280, bandwidth: 2_500_000, active: true },
      { height: 480, width: 854, bandwidth: 1_000_000, active: false },
      { height: 270, width: 480, bandwidth: 400_000, active: false },
    ];
    fake.state = {
      paused: true,
      loading: false,
      seeking: false,
      muted: false,
      ended: false,
      currentTime: 0,
      duration: 600,
      quality: 'auto',
      activeHeight: 720,
      live: false,
      seekStart: 0,
      seekEnd: 600,
    };
  });

  it('takes over the opening of its key (decision 044): its element, out of hiding, and its engine', async () => {
    const video = document.createElement('video');
    video.setAttribute('aria-hidden', 'true');
    video.style.opacity = '0';
    fake.opening = { video, engine: {} as PlayerModule.Engine, listen: () => {} };
    const view = await renderPlayer({ openingKey: '1001@42', startTime: 42 });
    expect(fake.openingCalls).toEqual(['take 1001@42']);
    expect(view.container.querySelector('video')).toBe(video);
    expect(video.className).toBe('video__element');
    expect(video.getAttribute('aria-hidden')).toBeNull();
    expect(video.getAttribute('style')).toBeNull();
    expect(video.getAttribute('aria-label')).toBe('Le Grand Départ');
    expect(fake.options?.opening?.video).toBe(video);
  });

  it('keeps its element in place while the film plays and its resume point (so its opening key) moves', async () => {
    const video = document.createElement('video');
    fake.opening = { video, engine: {} as PlayerModule.Engine, listen: () => {} };
    const view = await renderPlayer({ openingKey: '1001@42', startTime: 42 });
    const removed = vi.fn();
    const remove = video.remove.bind(video);
    video.remove = () => (removed(), remove());
    view.rerender(
      <I18nextProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" openingKey="1001@52" startTime={52} />
      </I18nextProvider>,
    );
    await act(async () => {});
    expect(removed).not.toHaveBeenCalled();
    expect(video.isConnected).toBe(true);
    expect(fake.openingCalls).toEqual(['take 1001@42']);
  });

  it('without an opening of its key, makes its own element and stops any other opening (a preview)', async () => {
    const view = await renderPlayer({ openingKey: '1001@0' });
    expect(fake.openingCalls).toEqual(['take 1001@0', 'drop']);
    expect(view.container.querySelector('video.video__element')).not.toBeNull();
    expect(fake.options?.opening).toBeNull();
    fake.openingCalls = [];
    await renderPlayer();
    expect(fake.openingCalls).toEqual(['drop']);
  });

  it('loads the stream at the resume time and starts playing', async () => {
    await renderPlayer({ startTime: 42 });
    expect(fake.calls.slice(0, 2)).toEqual(['load /media/s/token/c/manifest.mpd 42', 'play']);
    expect(controls().getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('toggles play and pause from the button, the space bar and k', async () => {
    await renderPlayer();
    await expectCall(() => fireEvent.click(controls().getByRole('button', { name: 'Pause' })), 'pause');
    expect(controls().getAllByRole('button', { name: 'Lecture' }).length).toBeGreaterThan(0);
    await expectCall(() => fireEvent.keyDown(document.body, { key: ' ' }), 'play');
    await expectCall(() => fireEvent.keyDown(document.body, { key: 'k' }), 'pause');
  });

  it('shows time and duration as hh:mm:ss', async () => {
    await renderPlayer();
    setState({ currentTime: 3725, duration: 5400 });
    expect(screen.getByTestId('player-time')).toHaveTextContent('01:02:05 / 01:30:00');
  });

  it('rewinds 10 s, or to the start when less than 15 s were played', async () => {
    await renderPlayer();
    setState({ currentTime: 100 });
    await expectCall(
      () => fireEvent.click(controls().getByRole('button', { name: 'Reculer de 10 secondes' })),
      'seek 90',
    );
    setState({ currentTime: 12 });
    await expectCall(() => fireEvent.keyDown(document.body, { key: 'ArrowLeft' }), 'seek 0');
  });

  it('forwards 10 s only while more than 15 s remain', async () => {
    await renderPlayer();
    setState({ currentTime: 100, duration: 600 });
    await expectCall(
      () => fireEvent.click(controls().getByRole('button', { name: 'Avancer de 10 secondes' })),
      'seek 110',
    );
    setState({ currentTime: 590, duration: 600 });
    expect(controls().getByRole('button', { name: 'Avancer de 10 secondes' })).toBeDisabled();
  });

  it('mutes and unmutes with the button and m', async () => {
    await renderPlayer();
    await expectCall(() => fireEvent.click(controls().getByRole('button', { name: 'Couper le son' })), 'muted true');
    await expectCall(() => fireEvent.keyDown(document.body, { key: 'm' }), 'muted false');
  });

  it('offers Auto plus each height and applies the choice', async () => {
    await renderPlayer();
    fireEvent.click(controls().getByRole('button', { name: 'Qualité' }));
    const menu = screen.getByRole('menu', { name: 'Qualité' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Auto (720p)', '720pHD', '480p', '270p']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    await expectCall(() => fireEvent.click(items[2]!), 'quality 480');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('offers no quality menu for a single-file stream', async () => {
    fake.tracks = [{ height: 480, width: 854, bandwidth: 0, active: true }];
    await renderPlayer();
    expect(controls().queryByRole('button', { name: 'Qualité' })).toBeNull();
  });

  it('offers to turn the sound on when the browser only allowed a muted start', async () => {
    fake.playResult = 'muted';
    await renderPlayer();
    const unmute = controls().getAllByRole('button', { name: 'Activer le son' })[0]!;
    await expectCall(() => fireEvent.click(unmute), 'muted false');
    expect(controls().queryAllByRole('button', { name: 'Activer le son' })).toHaveLength(0);
  });

  it('hides the controls 3 s after the last interaction while playing, never while paused', async () => {
    vi.useFakeTimers();
    try {
      await renderPlayer();
      const container = screen.getByTestId('video-player');
      fireEvent.pointerMove(container, { pointerType: 'mouse' });
      act(() => vi.advanceTimersByTime(2900));
      expect(container.className).toContain('video--controls');
      act(() => vi.advanceTimersByTime(200));
      expect(container.className).toContain('video--idle');
      setState({ paused: true });
      expect(container.className).toContain('video--controls');
    } finally {
      vi.useRealTimers();
    }
  });

  it('recovers by itself from a failure: a fresh URL, reloaded where it was (beyond spec 2 §4 "errors are only logged")', async () => {
    vi.useFakeTimers();
    try {
      const onRefreshStream = vi.fn(async () => {});
      const onQuality = vi.fn();
      await renderPlayer({ onRefreshStream, onQuality });
      setState({ currentTime: 42, paused: false });
      act(() => fake.options?.onError?.({ code: 1001, message: 'HTTP 403', fatal: true }));
      expect(screen.getByText('La connexion a été interrompue. Reprise en cours…')).toBeInTheDocument();
      expect(onQuality).toHaveBeenCalledWith({ event: 'error', detail: '1001' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(onRefreshStream).toHaveBeenCalledTimes(1);
      expect(fake.calls.filter((c) => c.startsWith('load')).at(-1)).toBe(`load ${stream.url} 42`);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('after three failed recoveries, says the video cannot be played and offers a retry', async () => {
    vi.useFakeTimers();
    try {
      await renderPlayer({ onRefreshStream: async () => {} });
      for (let attempt = 0; attempt < 4; attempt++) {
        act(() => fake.options?.onError?.({ code: 1002, message: 'HTTP', fatal: true }));
        await act(async () => {
          await vi.advanceTimersByTimeAsync(20_000);
        });
      }
      expect(screen.getByRole('alert')).toHaveTextContent('La vidéo ne peut pas être lue.');
      expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports the end of the stream once', async () => {
    const onEnded = vi.fn();
    await renderPlayer({ onEnded });
    setState({ ended: true, paused: true });
    setState({ ended: true, paused: true, currentTime: 600 });
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('destroys the player when it leaves the page', async () => {
    const view = await renderPlayer();
    await expectCall(() => view.unmount(), 'destroy');
  });

  it('zaps a new source into the same player, and fetches the neighbours ahead (decision 022 addendum)', async () => {
    const next = { ...stream, url: '/live/g2/manifest.mpd' };
    const neighbours = [{ url: '/live/g3/manifest.mpd', type: 'dash' as const }];
    const view = await renderPlayer({ sourceKey: '1-View-false', preloadStreams: neighbours, preloadAfterMs: 0 });
    // Not before this channel plays: the neighbours would compete with its start.
    expect(fake.calls).not.toContain('preload /live/g3/manifest.mpd');
    act(() => void view.container.querySelector('video')!.dispatchEvent(new Event('playing')));
    await waitFor(() => expect(fake.calls).toContain('preload /live/g3/manifest.mpd'));
    const onSaveTime = vi.fn();
    setState({ currentTime: 30, paused: false });
    view.rerender(
      <I18nextProvider i18n={createI18n('fr')}>
        <VideoPlayer
          stream={next}
          sourceKey="2-View-false"
          title="Chaîne 2"
          onSaveTime={onSaveTime}
          preloadStreams={[...neighbours]}
          preloadAfterMs={0}
        />
      </I18nextProvider>,
    );
    await act(async () => {});
    expect(fake.created).toBe(1);
    expect(fake.calls).not.toContain('destroy');
    expect(fake.calls.filter((c) => c.startsWith('zap'))).toEqual(['zap /live/g2/manifest.mpd']);
    // The same neighbours in a new list: not asked again.
    expect(fake.calls.filter((c) => c.startsWith('preload'))).toHaveLength(1);
    expect(onSaveTime).toHaveBeenCalledWith(30);
  });

  it('a start-over is zapped in from the start of the window', async () => {
    const view = await renderPlayer({ sourceKey: '3-View-false' });
    view.rerender(
      <I18nextProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="3-View-true" title="Ciné" startTime="window-start" />
      </I18nextProvider>,
    );
    await waitFor(() => expect(fake.calls).toContain(`zap ${stream.url} window-start`));
  });

  it('a disabled programme is muted while on screen; the viewer’s sound comes back after', async () => {
    const view = await renderPlayer({ forceMuted: true });
    const video = view.container.querySelector('video')!;
    expect(video.muted).toBe(true);
    const from = fake.calls.length;
    view.rerender(
      <I18nextProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" forceMuted={false} />
      </I18nextProvider>,
    );
    await waitFor(() => expect(fake.calls.slice(from)).toContain('muted false'));
  });
});
