import type { BridgeOptions, PlatformBridge, Timers } from '../bridge';
import { commonParamsOf } from '../identity/common-params';
import { deviceIdentity, type DeviceIdentity } from '../identity/device-identity';
import { remoteKeyOf } from '../keys/remote-key-of';
import type { Platform } from '../platform';
import { isLowMemoryModel } from '../set-top/low-memory';

/** What every bridge shares: identity, common parameters, the key map, the low-memory rule. */
export function baseBridge(
  platform: Platform,
  options: BridgeOptions,
  identity: DeviceIdentity = deviceIdentity(platform, options.storage, {
    type: options.deviceType,
    // An emulated platform has no device API: its identity is the udid and the platform only.
    globals: options.emulated ? {} : options.globals,
  }),
): PlatformBridge {
  return {
    platform,
    emulated: options.emulated,
    identity,
    commonParams: () => commonParamsOf(identity),
    registerKeys: () => undefined,
    remoteKeyOf: (event) => remoteKeyOf(event, platform),
    exit: () => false,
    launchRoute: () => null,
    lowMemory: isLowMemoryModel(identity.model),
  };
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
