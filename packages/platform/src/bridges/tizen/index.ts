import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { assetIdOfTizenPayload, deepLinkRoute } from '../../deep-link';
import { TIZEN_REGISTERED_KEYS } from '../../keys/key-codes';
import { baseBridge } from '../base';
import { tizenStoreBilling } from './samsung-checkout';

/**
 * Samsung Tizen TV. Real: keys registered with tizen.tvinputdevice, exit through
 * tizen.application, the launch payload read from the requested app control, Samsung checkout
 * through webapis.billing. Emulated (`?platform=Tizen`): no device API is touched; the launch
 * payload comes from `?payload=` and the checkout buys in the DPI stand-in.
 */
export function createTizenBridge(options: BridgeOptions): PlatformBridge {
  const base = baseBridge('Tizen', options);
  const tizen = options.emulated ? undefined : options.globals?.tizen;
  let registered = false;
  return {
    ...base,
    registerKeys() {
      if (registered || !tizen?.tvinputdevice) return;
      registered = true;
      for (const name of TIZEN_REGISTERED_KEYS) {
        // A TV without, say, colour keys throws for them; the others must still be registered.
        try {
          tizen.tvinputdevice.registerKey(name);
        } catch {
          /* key not on this model */
        }
      }
    },
    exit() {
      if (!tizen?.application) return false;
      tizen.application.getCurrentApplication().exit();
      return true;
    },
    launchRoute() {
      const payload = options.emulated
        ? new URLSearchParams(options.search ?? '').get('payload')
        : tizenPayload(options);
      if (payload === null) return null;
      const assetId = assetIdOfTizenPayload(payload);
      return assetId === null ? null : deepLinkRoute(assetId);
    },
    storeBilling: tizenStoreBilling(options),
  };
}

function tizenPayload(options: BridgeOptions): string | null {
  try {
    const control = options.globals?.tizen?.application?.getCurrentApplication().getRequestedAppControl?.();
    const datum = control?.appControl.data.find((d) => d.key === 'PAYLOAD');
    return datum?.value[0] ?? null;
  } catch {
    return null;
  }
}
