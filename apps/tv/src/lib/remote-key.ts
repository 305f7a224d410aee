/**
 * The keys of a TV remote the app acts on. This is the signature of @playz/platform's
 * `remoteKeyOf(event, platform)` (issue 11 platform layer), which another engineer is writing:
 * until it lands, this file stands in with the keyboard and W3C key names a browser and the
 * Tizen / Android TV web views send. The integrator swaps the import in navigation/remote-keys.tsx
 * and deletes this file (decision 035).
 */
export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
export type RemoteKey =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'ok'
  | 'back'
  | 'play'
  | 'pause'
  | 'playPause'
  | 'stop'
  | 'rewind'
  | 'fastForward'
  | 'channelUp'
  | 'channelDown'
  | 'red'
  | 'green'
  | 'yellow'
  | 'blue'
  | Digit;

const BY_KEY: Record<string, RemoteKey> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Enter: 'ok',
  Escape: 'back',
  Backspace: 'back',
  GoBack: 'back',
  BrowserBack: 'back',
  MediaPlay: 'play',
  MediaPause: 'pause',
  MediaPlayPause: 'playPause',
  ' ': 'playPause',
  MediaStop: 'stop',
  MediaRewind: 'rewind',
  MediaFastForward: 'fastForward',
  // A browser has no channel keys: Page Up / Page Down stand for them (issue 11).
  ChannelUp: 'channelUp',
  ChannelDown: 'channelDown',
  PageUp: 'channelUp',
  PageDown: 'channelDown',
  ColorF0Red: 'red',
  ColorF1Green: 'green',
  ColorF2Yellow: 'yellow',
  ColorF3Blue: 'blue',
};

/** Tizen's return key (10009) and Android TV's back (keyCode 4) have no standard `key` name. */
const BY_KEY_CODE: Record<number, RemoteKey> = { 10009: 'back', 4: 'back', 427: 'channelUp', 428: 'channelDown' };

export function remoteKeyOf(event: KeyboardEvent, _platform: string): RemoteKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (/^[0-9]$/.test(event.key)) return event.key as Digit;
  return BY_KEY[event.key] ?? BY_KEY_CODE[event.keyCode] ?? null;
}

export function isDigit(key: RemoteKey): key is Digit {
  return key.length === 1;
}
