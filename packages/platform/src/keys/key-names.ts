import type { RemoteKey } from './remote-key';

/**
 * W3C UI Events `key` values (https://www.w3.org/TR/uievents-key/), which Chromium-based browsers
 * and WebViews fill in on every platform (Chromium maps Android's KEYCODE_CHANNEL_UP to
 * "ChannelUp", KEYCODE_PROG_RED to "ColorF0Red", KEYCODE_INFO to "Info"…). Read before the numeric
 * codes because the names are the same everywhere.
 */
export const STANDARD_KEY_NAMES: Readonly<Record<string, RemoteKey>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
  Enter: 'ok',
  Accept: 'ok',
  GoBack: 'back',
  BrowserBack: 'back',
  MediaPlay: 'play',
  MediaPause: 'pause',
  MediaPlayPause: 'playPause',
  MediaStop: 'stop',
  MediaRewind: 'rewind',
  MediaFastForward: 'fastForward',
  ChannelUp: 'channelUp',
  ChannelDown: 'channelDown',
  ColorF0Red: 'red',
  ColorF1Green: 'green',
  ColorF2Yellow: 'yellow',
  ColorF3Blue: 'blue',
  Info: 'info',
  Guide: 'guide',
  Exit: 'exit',
  '0': 'digit0',
  '1': 'digit1',
  '2': 'digit2',
  '3': 'digit3',
  '4': 'digit4',
  '5': 'digit5',
  '6': 'digit6',
  '7': 'digit7',
  '8': 'digit8',
  '9': 'digit9',
};

/**
 * A desktop keyboard standing in for a remote (the web build, an Xbox browser, development):
 * Escape and Backspace go back, Space plays / pauses, PageUp / PageDown zap channels. Xbox's Edge names its controller
 * buttons GamepadA (OK), GamepadB (back) and GamepadDPad* (arrows).
 */
export const KEYBOARD_KEY_NAMES: Readonly<Record<string, RemoteKey>> = {
  Escape: 'back',
  ' ': 'playPause',
  Backspace: 'back',
  PageUp: 'channelUp',
  PageDown: 'channelDown',
  GamepadA: 'ok',
  GamepadB: 'back',
  GamepadDPadUp: 'up',
  GamepadDPadDown: 'down',
  GamepadDPadLeft: 'left',
  GamepadDPadRight: 'right',
};
