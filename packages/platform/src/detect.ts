import type { DeviceType, Platform } from './platform';
import { isPlatform, PlatformNotFoundError } from './platform';
import { ANDROID_INTERFACE, ORANGE_BRIDGE, type PlatformGlobals } from './globals';

export interface DetectInput {
  userAgent: string;
  /** `location.search`; `?platform=Tizen` selects the emulated Tizen bridge (development, tests). */
  search?: string;
  /** `globalThis` on a device: `tizen`, `webapis`, the Orange bridge, the Android JS interface. */
  globals?: PlatformGlobals;
  /**
   * Whether `?platform=` may select an emulated platform; true by default. A production build
   * passes `import.meta.env.DEV` so a shared link with `?platform=` cannot turn a real device
   * into an emulator.
   */
  allowEmulation?: boolean;
}

export interface DetectedPlatform {
  platform: Platform;
  deviceType: DeviceType;
  /** True when `?platform=` chose the platform: its bridge is the emulator, not the device API. */
  emulated: boolean;
}

/**
 * spec 2 §4 "Application start: … detect the device". The platform's own globals win over the user
 * agent (a Tizen web app always has `tizen`; our Android / Fire TV WebView wrapper injects its JS
 * interface); the user agent only tells a Fire TV (model ids start with AFT) from an Android TV and
 * finds an Xbox browser. Everything else is the web.
 */
export function detectPlatform(input: DetectInput): DetectedPlatform {
  const requested = input.allowEmulation === false ? null : new URLSearchParams(input.search ?? '').get('platform');
  if (requested !== null) {
    if (!isPlatform(requested)) throw new PlatformNotFoundError(requested);
    return {
      platform: requested,
      deviceType: requested === 'Web' ? webDeviceType(input.userAgent) : 'TV',
      emulated: true,
    };
  }
  const platform = realPlatform(input.userAgent, input.globals ?? {});
  return { platform, deviceType: platform === 'Web' ? webDeviceType(input.userAgent) : 'TV', emulated: false };
}

function realPlatform(userAgent: string, globals: PlatformGlobals): Platform {
  if (globals.tizen !== undefined || /\bTizen\b/.test(userAgent)) return 'Tizen';
  if (globals[ORANGE_BRIDGE] !== undefined) return 'OrangeSTB';
  if (globals[ANDROID_INTERFACE] !== undefined || /\bAndroid\b/.test(userAgent)) {
    if (/\bAFT[A-Z0-9]*\b/.test(userAgent)) return 'FireOS';
    // A phone or tablet browser is the web; only a TV (our wrapper, or "TV" in the UA) is AndroidTV.
    if (globals[ANDROID_INTERFACE] !== undefined || /\b(Android TV|BRAVIA|SMART-TV|TV)\b/.test(userAgent))
      return 'AndroidTV';
  }
  if (/\bXbox\b/i.test(userAgent)) return 'XBox';
  return 'Web';
}

/** Same rule as the web app's detectDeviceType: tablets first (iPad, Android without "Mobile"). */
export function webDeviceType(userAgent: string): DeviceType {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'Tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'Mobile';
  return 'Desktop';
}
