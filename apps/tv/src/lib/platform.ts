import type { ApiClient } from '@playz/api-client';
import { createPlatformBridge, detectPlatform, type PlatformBridge, type PlatformGlobals } from '@playz/platform';

/**
 * The device at start-up (spec 2 §4 "Application start: … detect the device"): the platform from
 * its globals and user agent, or emulated with `?platform=` in development and E2E builds only
 * (decision 036), and its bridge. Keys the platform only sends on request (Tizen) are registered here.
 */
export function startPlatform(api: ApiClient): PlatformBridge {
  const globals = globalThis as unknown as PlatformGlobals;
  const detected = detectPlatform({
    userAgent: navigator.userAgent,
    search: location.search,
    globals,
    // Development builds, and the builds the E2E journeys make (VITE_PLATFORM_EMULATION=1); never
    // the builds `npm start` and `npm run build:tv` serve to viewers.
    allowEmulation: import.meta.env.DEV || import.meta.env.VITE_PLATFORM_EMULATION === '1',
  });
  const bridge = createPlatformBridge(detected.platform, {
    emulated: detected.emulated,
    api,
    storage: localStorage,
    deviceType: detected.deviceType,
    globals,
    search: location.search,
    sandboxUrl: detected.emulated ? `${location.origin}/sandbox` : undefined,
  });
  bridge.registerKeys();
  // Emulated only (development and E2E builds): the box's lifecycle is driven from outside, as
  // the box would (decision 036 "tests call the lifecycle themselves"; decision 087).
  if (detected.emulated && bridge.lifecycle)
    (globalThis as { playzSetTopLifecycle?: unknown }).playzSetTopLifecycle = bridge.lifecycle;
  return bridge;
}
