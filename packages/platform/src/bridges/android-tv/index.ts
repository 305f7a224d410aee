import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { ANDROID_INTERFACE } from '../../globals';
import { parseDeviceInfo } from '../../identity/device-identity';
import { baseBridge } from '../base';
import { bachatBilling } from './bachat';
import { googlePlayBilling } from './google-play';

/**
 * Android TV (spec 1 §1 "including a variant for an operator box"): our WebView wrapper. The BBox
 * variant (the wrapper reports `variant: "bbox"`, or `androidVariant` / `?variant=bbox` when
 * emulated) sells through BAchat, the others through Google Play (spec 3 §4).
 */
export function createAndroidTvBridge(options: BridgeOptions): PlatformBridge {
  const base = baseBridge('AndroidTV', options);
  const android = options.emulated ? undefined : options.globals?.[ANDROID_INTERFACE];
  const variant = androidVariantOf(options);
  return {
    ...base,
    exit() {
      if (!android) return false;
      android.exit();
      return true;
    },
    storeBilling: variant === 'bbox' ? bachatBilling(options) : googlePlayBilling(options),
  };
}

export function androidVariantOf(options: BridgeOptions): 'googlePlay' | 'bbox' {
  if (options.androidVariant) return options.androidVariant;
  if (options.emulated)
    return new URLSearchParams(options.search ?? '').get('variant') === 'bbox' ? 'bbox' : 'googlePlay';
  const info = parseDeviceInfo(safeInfo(options));
  return info.variant === 'bbox' ? 'bbox' : 'googlePlay';
}

function safeInfo(options: BridgeOptions): unknown {
  try {
    return options.globals?.[ANDROID_INTERFACE]?.getDeviceInfo();
  } catch {
    return undefined;
  }
}
