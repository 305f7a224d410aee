import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { baseBridge } from '../base';

/**
 * Xbox (spec 1 §1): the app runs in Edge (or a WebView2 host) and reads the controller through
 * Edge's Gamepad key names (keys/key-names.ts). The spec names no Xbox store flow (spec 3 §4 list;
 * domain `billingTypesAvailableOn('XBox')` is Dummy only), so there is no store billing. Exit is
 * the console's Home button.
 */
export function createXboxBridge(options: BridgeOptions): PlatformBridge {
  return baseBridge('XBox', options);
}
