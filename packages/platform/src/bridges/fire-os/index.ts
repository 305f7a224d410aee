import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { ANDROID_INTERFACE } from '../../globals';
import { baseBridge } from '../base';
import { amazonPayBilling } from './amazon-pay';

/**
 * Fire TV (FireOS): the same WebView wrapper as Android TV, selling through Amazon pay (spec 3
 * §4); the identity's system version is the Fire OS one (spec 2 §9 mapping, identity/).
 */
export function createFireOsBridge(options: BridgeOptions): PlatformBridge {
  const base = baseBridge('FireOS', options);
  const android = options.emulated ? undefined : options.globals?.[ANDROID_INTERFACE];
  return {
    ...base,
    exit() {
      if (!android) return false;
      android.exit();
      return true;
    },
    storeBilling: amazonPayBilling(options),
  };
}
