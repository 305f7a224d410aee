import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../platform';
import { remoteKeyOf } from './remote-key-of';

describe('remoteKeyOf (remote keys and key maps of decision 036)', () => {
  it('Tizen codes (Samsung remote control guide): back, media, channels, colours, info, guide, exit', () => {
    const tizen = (keyCode: number) => remoteKeyOf({ key: 'Unidentified', keyCode }, 'Tizen');
    expect([10009, 10252, 415, 19, 413, 412, 417, 427, 428].map(tizen)).toEqual([
      'back',
      'playPause',
      'play',
      'pause',
      'stop',
      'rewind',
      'fastForward',
      'channelUp',
      'channelDown',
    ]);
    expect([403, 404, 405, 406, 457, 458, 10182].map(tizen)).toEqual([
      'red',
      'green',
      'yellow',
      'blue',
      'info',
      'guide',
      'exit',
    ]);
    expect(tizen(53)).toBe('digit5');
  });

  it('Fire TV (Amazon web-app table): Select 13, Play/Pause 179, Rewind 227, Fast Forward 228, Back 4', () => {
    const fire = (keyCode: number) => remoteKeyOf({ keyCode }, 'FireOS');
    expect([13, 38, 179, 227, 228, 4].map(fire)).toEqual(['ok', 'up', 'playPause', 'rewind', 'fastForward', 'back']);
  });

  it('Android TV WebView: standard key names first, then its codes (PageUp/PageDown channels)', () => {
    expect(remoteKeyOf({ key: 'ChannelUp', keyCode: 0 }, 'AndroidTV')).toBe('channelUp');
    expect(remoteKeyOf({ key: 'ColorF2Yellow', keyCode: 0 }, 'AndroidTV')).toBe('yellow');
    expect(remoteKeyOf({ keyCode: 34 }, 'AndroidTV')).toBe('channelDown');
    expect(remoteKeyOf({ keyCode: 250 }, 'AndroidTV')).toBe('play');
  });

  it('the Orange box: OIPF VK_ codes', () => {
    expect([461, 415, 19, 403, 427].map((keyCode) => remoteKeyOf({ keyCode }, 'OrangeSTB'))).toEqual([
      'back',
      'play',
      'pause',
      'red',
      'channelUp',
    ]);
  });

  it('browsers: arrows, Enter, Escape / Backspace back, PageUp / PageDown channels, digits, MediaPlayPause', () => {
    const web = (key: string, code = '') => remoteKeyOf({ key, code }, 'Web');
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter'].map((k) => web(k))).toEqual([
      'up',
      'down',
      'left',
      'right',
      'ok',
    ]);
    expect(['Escape', 'Backspace', 'PageUp', 'PageDown', 'MediaPlayPause', '7'].map((k) => web(k))).toEqual([
      'back',
      'back',
      'channelUp',
      'channelDown',
      'playPause',
      'digit7',
    ]);
    expect(remoteKeyOf({ key: 'GamepadB', keyCode: 196 }, 'XBox')).toBe('back');
    expect(remoteKeyOf({ keyCode: 203 }, 'XBox')).toBe('up');
  });

  it('a desktop keyboard drives every emulated platform (Playwright presses Escape on ?platform=Tizen)', () => {
    for (const platform of PLATFORMS) {
      expect(remoteKeyOf({ key: 'Escape', keyCode: 27 }, platform)).toBe('back');
      expect(remoteKeyOf({ key: 'ArrowLeft', keyCode: 37 }, platform)).toBe('left');
    }
  });

  it('keys the TV app does not use are null, never a guess', () => {
    expect(remoteKeyOf({ key: 'a', keyCode: 65 }, 'Web')).toBeNull();
    expect(remoteKeyOf({ key: 'Unidentified', keyCode: 10009 }, 'Web')).toBeNull();
    expect(remoteKeyOf({}, 'Tizen')).toBeNull();
  });
});
