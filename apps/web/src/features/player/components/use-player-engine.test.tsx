import type * as PlayerModule from '@playz/player';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@/lib/use-translation';
import { createI18n } from '@/lib/i18n';
import { fake, resetFake } from '../testing/fake-player';
import { controls, expectCall, renderPlayer, setState, stream } from '../testing/render-video-player';
import { VideoPlayer } from './video-player';

// The adapter is replaced by a fake whose state the test drives (testing/fake-player.ts): the
// engine's loads, zaps, openings and recoveries are checked without Shaka or media decoding.
vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

/** An opening the page takes over (decision 044): its element, an engine, paused by the viewer or not. */
const takenOpening = (video: HTMLVideoElement, pausedByViewer = false) => ({
  video,
  engine: {} as PlayerModule.Engine,
  listen: () => {},
  pausedByViewer: () => pausedByViewer,
  url: '/media/s/OPEN/m.mpd',
});

describe('VideoPlayer engine: its element, loads, recovery and zaps (spec 2 §4, decisions 022, 044)', () => {
  beforeEach(resetFake);

  it('takes over the opening of its key (decision 044): its element, out of hiding, and its engine', async () => {
    const video = document.createElement('video');
    video.setAttribute('aria-hidden', 'true');
    video.style.opacity = '0';
    fake.opening = takenOpening(video);
    const view = await renderPlayer({ openingKey: '1001@42', startTime: 42 });
    expect(fake.openingCalls).toEqual(['take 1001@42']);
    expect(view.container.querySelector('video')).toBe(video);
    expect(video.className).toBe('video__element');
    expect(video.getAttribute('aria-hidden')).toBeNull();
    expect(video.getAttribute('style')).toBeNull();
    expect(video.getAttribute('aria-label')).toBe('Le Grand Départ');
    expect(fake.options?.opening?.video).toBe(video);
  });

  it('a launched opening the viewer paused before the hand-over stays paused; one never played starts playing (decision 134)', async () => {
    // The openings say so (a stand-in's pause counts too, decision 137): openings.test.ts.
    const paused = document.createElement('video');
    fake.opening = takenOpening(paused, true);
    await renderPlayer({ openingKey: '1001@42', startTime: 42 });
    await act(async () => {});
    expect(fake.calls).toEqual(['load /media/s/token/c/manifest.mpd 42']);

    resetFake();
    const ready = document.createElement('video');
    fake.opening = takenOpening(ready);
    await renderPlayer({ openingKey: '1001@42', startTime: 42 });
    await act(async () => {});
    expect(fake.calls).toEqual(['load /media/s/token/c/manifest.mpd 42', 'play']);
  });

  it('keeps its element in place while the film plays and its resume point (so its opening key) moves', async () => {
    const video = document.createElement('video');
    fake.opening = takenOpening(video);
    const view = await renderPlayer({ openingKey: '1001@42', startTime: 42 });
    const removed = vi.fn();
    const remove = video.remove.bind(video);
    video.remove = () => (removed(), remove());
    view.rerender(
      <I18nProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" openingKey="1001@52" startTime={52} />
      </I18nProvider>,
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
      <I18nProvider i18n={createI18n('fr')}>
        <VideoPlayer
          stream={next}
          sourceKey="2-View-false"
          title="Chaîne 2"
          onSaveTime={onSaveTime}
          preloadStreams={[...neighbours]}
          preloadAfterMs={0}
        />
      </I18nProvider>,
    );
    await act(async () => {});
    expect(fake.created).toBe(1);
    expect(fake.calls).not.toContain('destroy');
    expect(fake.calls.filter((c) => c.startsWith('zap'))).toEqual(['zap /live/g2/manifest.mpd']);
    // The same neighbours in a new list: not asked again.
    expect(fake.calls.filter((c) => c.startsWith('preload'))).toHaveLength(1);
    expect(onSaveTime).toHaveBeenCalledWith(30);
  });

  it('decision 128: a zap onto the warm standby moves the page onto the element shown (its label, the neighbours’ wait, the forced mute)', async () => {
    const g1 = { url: '/live/g1/manifest.mpd', type: 'dash' as const };
    const g3 = { url: '/live/g3/manifest.mpd', type: 'dash' as const };
    const view = await renderPlayer({
      sourceKey: '2-View-false',
      title: 'Chaîne 2',
      standby: true,
      preloadStreams: [g3, g1],
      preloadAfterMs: 0,
    });
    expect(fake.options?.standby).toBe(true);
    const first = view.container.querySelector('video')!;
    act(() => void first.dispatchEvent(new Event('playing')));
    await waitFor(() => expect(fake.calls).toContain('preload /live/g3/manifest.mpd /live/g1/manifest.mpd'));
    fake.swapOnZap = true;
    const next = { ...stream, url: g3.url };
    const channel3 = (forceMuted: boolean) => (
      <I18nProvider i18n={createI18n('fr')}>
        <VideoPlayer
          stream={next}
          sourceKey="3-View-false"
          title="Chaîne 3"
          standby
          preloadStreams={[
            { url: '/live/g4/manifest.mpd', type: 'dash' as const },
            { url: '/live/g2/manifest.mpd', type: 'dash' as const },
          ]}
          preloadAfterMs={0}
          forceMuted={forceMuted}
        />
      </I18nProvider>
    );
    view.rerender(channel3(false));
    await act(async () => {});
    expect(fake.created).toBe(1);
    const shown = view.container.querySelector('video')!;
    expect(shown).not.toBe(first);
    // The screen reader's label is on the element shown; the one left is hidden.
    expect(shown.getAttribute('aria-label')).toBe('Chaîne 3');
    expect(shown.getAttribute('aria-hidden')).toBeNull();
    expect(first.getAttribute('aria-hidden')).toBe('true');
    // The next neighbours wait for the element shown to play, not the one left.
    act(() => void first.dispatchEvent(new Event('playing')));
    await act(async () => {});
    expect(fake.calls).not.toContain('preload /live/g4/manifest.mpd /live/g2/manifest.mpd');
    act(() => void shown.dispatchEvent(new Event('playing')));
    await waitFor(() => expect(fake.calls).toContain('preload /live/g4/manifest.mpd /live/g2/manifest.mpd'));
    // A disabled programme mutes the element shown.
    view.rerender(channel3(true));
    await act(async () => {});
    expect(shown.muted).toBe(true);
    // Leaving the page takes both elements away.
    view.unmount();
    expect(shown.isConnected).toBe(false);
    expect(first.isConnected).toBe(false);
  });

  it('a start-over is zapped in from the start of the window', async () => {
    const view = await renderPlayer({ sourceKey: '3-View-false' });
    view.rerender(
      <I18nProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="3-View-true" title="Ciné" startTime="window-start" />
      </I18nProvider>,
    );
    await waitFor(() => expect(fake.calls).toContain(`zap ${stream.url} window-start`));
  });

  it('a disabled programme is muted while on screen; the viewer’s sound comes back after', async () => {
    const view = await renderPlayer({ forceMuted: true });
    const video = view.container.querySelector('video')!;
    expect(video.muted).toBe(true);
    const from = fake.calls.length;
    view.rerender(
      <I18nProvider i18n={createI18n('fr')}>
        <VideoPlayer stream={stream} sourceKey="1-View" title="Le Grand Départ" forceMuted={false} />
      </I18nProvider>,
    );
    await waitFor(() => expect(fake.calls.slice(from)).toContain('muted false'));
  });
});
