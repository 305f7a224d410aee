import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fake, resetFake } from '../testing/fake-player';
import { controls, expectCall, renderPlayer, setState } from '../testing/render-video-player';

// The adapter is replaced by a fake whose state the test drives (testing/fake-player.ts), so the
// controls' rules are checked without Shaka or media decoding.
vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

describe('VideoPlayer controls (spec 2 §2, §4, §9)', () => {
  beforeEach(resetFake);

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
});
