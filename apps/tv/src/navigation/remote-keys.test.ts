import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteKeyOf } from '@playz/platform';
import { listenToRemote, pushKeyHandler, setSelectAction } from './remote-keys';

vi.mock('@noriginmedia/norigin-spatial-navigation', () => ({
  getCurrentFocusKey: () => 'card-1',
  navigateByDirection: vi.fn(),
}));
const { navigateByDirection } = await import('@noriginmedia/norigin-spatial-navigation');

function press(key: string) {
  const event = new KeyboardEvent('keydown', { key, cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('remote keys (driven only by a remote, decision 035 key handling)', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  function listen(back = vi.fn(), ensureFocus = () => false) {
    stops.push(listenToRemote(window, (event) => remoteKeyOf(event, 'Web'), { back, ensureFocus }));
    return back;
  }

  it('arrows move the focus, OK selects the focused item, back goes back; their browser action is prevented', () => {
    const back = listen();
    const select = vi.fn();
    setSelectAction('card-1', select);
    stops.push(() => setSelectAction('card-1', null));
    expect(press('ArrowRight').defaultPrevented).toBe(true);
    expect(navigateByDirection).toHaveBeenCalledWith('right', {});
    press('Enter');
    expect(select).toHaveBeenCalledOnce();
    press('Escape');
    expect(back).toHaveBeenCalledOnce();
    // A key the app does not use is left to the browser.
    expect(press('F5').defaultPrevented).toBe(false);
  });

  it('a screen handler gets the keys first, newest first, and passes on what it does not use', () => {
    const back = listen();
    const page = vi.fn(() => true);
    const player = vi.fn((key: string) => key === 'channelUp');
    stops.push(pushKeyHandler({ current: page }));
    stops.push(pushKeyHandler({ current: player }));
    press('PageUp');
    expect(player).toHaveBeenCalledWith('channelUp');
    expect(page).not.toHaveBeenCalled();
    press('Escape');
    expect(page).toHaveBeenCalledWith('back');
    expect(back).not.toHaveBeenCalled();
  });

  it('focus is never lost: an arrow with nothing focused focuses the page instead of moving', () => {
    vi.mocked(navigateByDirection).mockClear();
    listen(vi.fn(), () => true);
    press('ArrowDown');
    expect(navigateByDirection).not.toHaveBeenCalled();
  });

  it('a colour key a screen does not use opens its shortcut; a screen that uses it keeps it', () => {
    const shortcut = vi.fn((key: string) => key === 'red');
    stops.push(
      listenToRemote(window, (event) => remoteKeyOf(event, 'Tizen'), {
        back: vi.fn(),
        ensureFocus: () => false,
        shortcut,
      }),
    );
    const red = () => new KeyboardEvent('keydown', { keyCode: 403, cancelable: true });
    const first = red();
    window.dispatchEvent(first);
    expect(shortcut).toHaveBeenCalledWith('red');
    expect(first.defaultPrevented).toBe(true);
    shortcut.mockClear();
    stops.push(pushKeyHandler({ current: (key) => key === 'red' }));
    window.dispatchEvent(red());
    expect(shortcut).not.toHaveBeenCalled();
  });
});
