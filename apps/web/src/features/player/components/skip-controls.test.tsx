import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { resetFake } from '../testing/fake-player';
import { controls, renderPlayer } from '../testing/render-video-player';

vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

describe('spec 2 §2 player controls: previous and next', () => {
  beforeEach(resetFake);

  it('goes to the previous and next item from the buttons and Shift+P / Shift+N', async () => {
    const previous = vi.fn();
    const next = vi.fn();
    await renderPlayer({ neighbours: { previous, next } });
    fireEvent.click(controls().getByRole('button', { name: 'Précédent' }));
    expect(previous).toHaveBeenCalledTimes(1);
    fireEvent.click(controls().getByRole('button', { name: 'Suivant' }));
    expect(next).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'N', shiftKey: true });
    expect(next).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(document.body, { key: 'P', shiftKey: true });
    expect(previous).toHaveBeenCalledTimes(2);
    // A plain n or p is no skip.
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('shows a side without an item disabled, and no such controls for an item on its own', async () => {
    const next = vi.fn();
    const view = await renderPlayer({ neighbours: { next } });
    expect(controls().getByRole('button', { name: 'Précédent' })).toBeDisabled();
    expect(controls().getByRole('button', { name: 'Suivant' })).not.toBeDisabled();
    view.unmount();
    await renderPlayer();
    expect(controls().queryByRole('button', { name: 'Précédent' })).toBeNull();
    expect(controls().queryByRole('button', { name: 'Suivant' })).toBeNull();
  });

  it('hands the system media keys (Media Session previous and next track) to the same items', async () => {
    const handlers = new Map<string, (() => void) | null>();
    Object.defineProperty(navigator, 'mediaSession', {
      configurable: true,
      value: { setActionHandler: (action: string, handler: (() => void) | null) => handlers.set(action, handler) },
    });
    const previous = vi.fn();
    const next = vi.fn();
    const view = await renderPlayer({ neighbours: { previous, next } });
    handlers.get('nexttrack')?.();
    handlers.get('previoustrack')?.();
    expect(next).toHaveBeenCalledTimes(1);
    expect(previous).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(handlers.get('nexttrack')).toBeNull();
    Reflect.deleteProperty(navigator, 'mediaSession');
  });
});
