// @playz/platform: device platforms for the TV app (decision 036).
export { PLATFORMS, isPlatform, PlatformNotFoundError } from './platform';
export type { DeviceType, Platform } from './platform';
export { detectPlatform, webDeviceType } from './detect';
export type { DetectInput, DetectedPlatform } from './detect';
export { ANDROID_INTERFACE, ANDROID_STORE_ACTIONS, ANDROID_STORE_RESULT, ORANGE_BRIDGE } from './globals';
export type { AndroidInterface, OrangeBridgeGlobal, PlatformGlobals, TizenGlobal, WebapisGlobal } from './globals';

export { REMOTE_KEYS } from './keys/remote-key';
export type { KeyInput, RemoteKey } from './keys/remote-key';
export { remoteKeyOf } from './keys/remote-key-of';
export { KEY_CODES, TIZEN_REGISTERED_KEYS, hasColourKeys } from './keys/key-codes';

export { deviceIdentity, UDID_STORAGE_KEY } from './identity/device-identity';
export type { DeviceIdentity, IdentityOptions } from './identity/device-identity';
export { commonParamsOf } from './identity/common-params';
export type { DeviceCommonParams } from './identity/common-params';
export { memoryStorage } from './identity/storage';
export type { KeyValueStorage } from './identity/storage';
export { fireOsVersionOf } from './identity/fire-os-version';

export { deepLinkRoute, assetIdOfTizenPayload, setTopLaunchRoute } from './deep-link';
export { createPlatformBridge } from './create-bridge';
export type { BridgeOptions, PlatformBridge, StoreBilling, StoreItem, StoreOffer, StoreOutcome } from './bridge';
export type { Timers } from './timers';
export { StoreBillingError } from './store/store-billing-error';
export { STORE_NAMES } from './store/store-names';
export { AMAZON_RESPONSE_TIMEOUT_MS } from './bridges/fire-os/amazon-pay';

export { NATIVE_PLAYER_STATES, EMULATOR_START_DELAY_MS, NativePlayerStateError } from './player/native-player';
export type { NativePlayer, NativePlayerState } from './player/native-player';
export { createEmulatedPlayer } from './player/emulated-player';

export { createSetTopLifecycle, DEACTIVATION_WAIT_MS } from './set-top/lifecycle';
export type { LifecycleEvent, LifecycleState, SetTopLifecycle } from './set-top/lifecycle';
export { SET_TOP_ERRORS, setTopErrorIdOf, createSetTopErrors } from './set-top/set-top-errors';
export type { SetTopErrorId, SetTopErrorKind, SetTopErrors, SetTopPopup } from './set-top/set-top-errors';
export { LOW_MEMORY_MODELS, isLowMemoryModel } from './set-top/low-memory';
export { ORANGE_ENVIRONMENTS, orangeEnvironmentOf } from './bridges/orange-stb/environment';
export type { OrangeEnvironment } from './bridges/orange-stb/environment';
