import { describe, expect, it } from 'vitest';
import { remoteKeyOf } from './remote-key';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('remote keys in a browser (issue 11: arrows, OK, back, channel up / down, digits)', () => {
  it('reads arrows, OK and back', () => {
    expect(remoteKeyOf(key({ key: 'ArrowLeft' }), 'Web')).toBe('left');
    expect(remoteKeyOf(key({ key: 'Enter' }), 'Web')).toBe('ok');
    expect(remoteKeyOf(key({ key: 'Backspace' }), 'Web')).toBe('back');
  });

  it('issue 11: Page Up / Page Down stand for channel up / down; digits are digits', () => {
    expect(remoteKeyOf(key({ key: 'PageUp' }), 'Web')).toBe('channelUp');
    expect(remoteKeyOf(key({ key: 'PageDown' }), 'Web')).toBe('channelDown');
    expect(remoteKeyOf(key({ key: '7' }), 'Web')).toBe('7');
  });

  it('reads the Tizen return key by its code, and leaves browser shortcuts alone', () => {
    expect(remoteKeyOf(key({ key: 'XF86Back', keyCode: 10009 }), 'Tizen')).toBe('back');
    expect(remoteKeyOf(key({ key: 'ArrowLeft', altKey: true }), 'Web')).toBeNull();
    expect(remoteKeyOf(key({ key: 'a' }), 'Web')).toBeNull();
  });
});
