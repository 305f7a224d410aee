import type { Platform } from '../platform';
import { KEY_CODES } from './key-codes';
import { KEYBOARD_KEY_NAMES, STANDARD_KEY_NAMES } from './key-names';
import type { KeyInput, RemoteKey } from './remote-key';

/**
 * The remote key of a keydown event, or null for a key the TV app does not use. The standard `key`
 * name is read first (same on every Chromium-based platform), then the platform's numeric codes
 * (older TV browsers only fill in `keyCode`; Tizen's `key` values are its own XF86 names).
 */
export function remoteKeyOf(event: KeyInput, platform: Platform): RemoteKey | null {
  const name = event.key;
  if (name !== undefined && name !== '' && name !== 'Unidentified') {
    // Keyboard names count on every platform: no remote sends them, and a USB keyboard on a TV
    // or a desktop driving an emulated platform (`?platform=Tizen`, Playwright) should work.
    const mapped = STANDARD_KEY_NAMES[name] ?? KEYBOARD_KEY_NAMES[name];
    if (mapped) return mapped;
  }
  if (event.code?.startsWith('Numpad') && /^Numpad\d$/.test(event.code))
    return `digit${event.code.slice(6)}` as RemoteKey;
  if (typeof event.keyCode === 'number' && event.keyCode > 0) return KEY_CODES[platform][event.keyCode] ?? null;
  return null;
}
