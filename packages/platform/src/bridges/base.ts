import type { BridgeOptions, PlatformBridge } from '../bridge';
import type { Timers } from '../timers';
import { commonParamsOf } from '../identity/common-params';
import { deviceIdentity, type DeviceIdentity } from '../identity/device-identity';
import { remoteKeyOf } from '../keys/remote-key-of';
import type { Platform } from '../platform';
import { isLowMemoryModel } from '../set-top/low-memory';

/** What every bridge shares: identity, common parameters, the key map, the low-memory rule. */
export function baseBridge(platform: Platform, options: BridgeOptions): PlatformBridge {
  const identity = options.emulated ? emulatedIdentity(platform, options) : realIdentity(platform, options);
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
    // Browsers only (decision 119): the TV platforms' wrappers and boxes are not known to hold two.
    standbyDecoder: platform === 'Web',
  };
}

function realIdentity(platform: Platform, options: BridgeOptions): DeviceIdentity {
  return deviceIdentity(platform, options.storage, { type: options.deviceType, globals: options.globals });
}

/**
 * An emulated platform has no device API: its identity is the udid and the platform, plus the
 * model asked for with `?model=` so a low-memory box (UHD86) can be tried in a desktop browser.
 */
function emulatedIdentity(platform: Platform, options: BridgeOptions): DeviceIdentity {
  const identity = deviceIdentity(platform, options.storage, { type: options.deviceType, globals: {} });
  const model = new URLSearchParams(options.search ?? '').get('model');
  return model && /^[\w .-]{1,64}$/.test(model) ? { ...identity, model } : identity;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
