import type { BridgeOptions, PlatformBridge } from './bridge';
import { createAndroidTvBridge } from './bridges/android-tv';
import { createFireOsBridge } from './bridges/fire-os';
import { createOrangeStbBridge } from './bridges/orange-stb';
import { createTizenBridge } from './bridges/tizen';
import { createWebBridge } from './bridges/web';
import { createXboxBridge } from './bridges/xbox';
import type { Platform } from './platform';

const FACTORIES: Record<Platform, (options: BridgeOptions) => PlatformBridge> = {
  Web: createWebBridge,
  Tizen: createTizenBridge,
  OrangeSTB: createOrangeStbBridge,
  AndroidTV: createAndroidTvBridge,
  FireOS: createFireOsBridge,
  XBox: createXboxBridge,
};

/**
 * The bridge of a platform, real or emulated (`options.emulated`, from detectPlatform). One per
 * page: create it at start-up (spec 2 §4 "Application start: … detect the device").
 */
export function createPlatformBridge(platform: Platform, options: BridgeOptions): PlatformBridge {
  const bridge = FACTORIES[platform](options);
  const billingType = bridge.storeBilling?.billingType;
  if (!billingType) return bridge;
  // spec 1 §7 "billing types list": a device says which store it sells through, so the server
  // narrows the platform's list (an Android TV is Google Play or BBox, decision 017).
  return { ...bridge, commonParams: () => ({ ...bridge.commonParams(), billing_types: billingType }) };
}
