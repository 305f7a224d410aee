import type { Platform } from '../platform';
import type { RemoteKey } from './remote-key';

type CodeMap = Readonly<Record<number, RemoteKey>>;

const ARROWS_AND_OK: CodeMap = { 37: 'left', 38: 'up', 39: 'right', 40: 'down', 13: 'ok' };
const DIGITS: CodeMap = Object.fromEntries(
  Array.from({ length: 10 }, (_, d) => [48 + d, `digit${d}` as RemoteKey]),
) as CodeMap;
const NUMPAD_DIGITS: CodeMap = Object.fromEntries(
  Array.from({ length: 10 }, (_, d) => [96 + d, `digit${d}` as RemoteKey]),
) as CodeMap;

/**
 * Samsung Tizen TV (developer.samsung.com "Remote Control" guide and TVInputDevice API): arrows,
 * Enter and Back (10009) come without registration; the others need
 * `tizen.tvinputdevice.registerKey` (see TIZEN_REGISTERED_KEYS).
 */
const TIZEN: CodeMap = {
  ...ARROWS_AND_OK,
  ...DIGITS,
  10009: 'back',
  10252: 'playPause',
  415: 'play',
  19: 'pause',
  413: 'stop',
  412: 'rewind',
  417: 'fastForward',
  427: 'channelUp',
  428: 'channelDown',
  403: 'red',
  404: 'green',
  405: 'yellow',
  406: 'blue',
  457: 'info',
  458: 'guide',
  10182: 'exit',
};

/**
 * Android TV in Chromium's WebView: DPAD_CENTER arrives as Enter (13), media keys as the Windows
 * virtual-key codes (MEDIA_PLAY_PAUSE 179, MEDIA_STOP 178, PLAY 250, PAUSE 19, REWIND 227,
 * FAST_FORWARD 228), CHANNEL_UP / DOWN as PageUp / PageDown (33 / 34). BACK is 4 in Amazon's
 * WebView (next table) and Escape (27) or BrowserBack (166) in Chromium builds; all three go back.
 */
const ANDROID_TV: CodeMap = {
  ...ARROWS_AND_OK,
  ...DIGITS,
  4: 'back',
  27: 'back',
  166: 'back',
  179: 'playPause',
  250: 'play',
  19: 'pause',
  178: 'stop',
  227: 'rewind',
  228: 'fastForward',
  33: 'channelUp',
  34: 'channelDown',
};

/**
 * Fire TV web apps (developer.amazon.com "Supporting Controllers in Web Apps"): Select 13, D-pad
 * 37–40, Play/Pause 179, Rewind 227, Fast Forward 228, Back 4. Home, Menu and voice are not
 * delivered. Digits and channels exist on the Fire TV Edition remotes, as on Android TV.
 */
const FIRE_OS: CodeMap = { ...ANDROID_TV, 4: 'back', 179: 'playPause', 227: 'rewind', 228: 'fastForward' };

/**
 * The Orange set-top box's browser follows the OIPF / HbbTV VK_ codes (VK_BACK 461, VK_PLAY 415,
 * VK_PAUSE 19, VK_STOP 413, VK_REWIND 412, VK_FAST_FWD 417, VK_RED…VK_BLUE 403–406,
 * VK_CHANNEL_UP / DOWN 427 / 428, VK_INFO 457, VK_GUIDE 458); Backspace (8) is also its back key
 * on older firmware. To be confirmed on a real box (decision 036).
 */
const ORANGE_STB: CodeMap = {
  ...ARROWS_AND_OK,
  ...DIGITS,
  461: 'back',
  8: 'back',
  415: 'play',
  19: 'pause',
  413: 'stop',
  412: 'rewind',
  417: 'fastForward',
  427: 'channelUp',
  428: 'channelDown',
  403: 'red',
  404: 'green',
  405: 'yellow',
  406: 'blue',
  457: 'info',
  458: 'guide',
};

/** A desktop keyboard (Escape 27, Backspace 8, PageUp 33, PageDown 34, media keys 178 / 179). */
const KEYBOARD: CodeMap = {
  ...ARROWS_AND_OK,
  ...DIGITS,
  ...NUMPAD_DIGITS,
  27: 'back',
  8: 'back',
  33: 'channelUp',
  34: 'channelDown',
  179: 'playPause',
  178: 'stop',
};

/** Xbox Edge's controller codes (GamepadA 195, GamepadB 196, D-pad 203–206) on top of a keyboard. */
const XBOX: CodeMap = { ...KEYBOARD, 195: 'ok', 196: 'back', 203: 'up', 204: 'down', 205: 'left', 206: 'right' };

export const KEY_CODES: Readonly<Record<Platform, CodeMap>> = {
  Web: KEYBOARD,
  Tizen: TIZEN,
  OrangeSTB: ORANGE_STB,
  AndroidTV: ANDROID_TV,
  FireOS: FIRE_OS,
  XBox: XBOX,
};

/** Tizen key names to register with tvinputdevice so their events reach the app. */
export const TIZEN_REGISTERED_KEYS = [
  'MediaPlayPause',
  'MediaPlay',
  'MediaPause',
  'MediaStop',
  'MediaRewind',
  'MediaFastForward',
  'ChannelUp',
  'ChannelDown',
  'ColorF0Red',
  'ColorF1Green',
  'ColorF2Yellow',
  'ColorF3Blue',
  'Info',
  'Guide',
  'Exit',
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
] as const;

/** Whether the platform's remote has the four colour keys (the TV app shows their legend then). */
export function hasColourKeys(platform: Platform): boolean {
  return Object.values(KEY_CODES[platform]).includes('red');
}
