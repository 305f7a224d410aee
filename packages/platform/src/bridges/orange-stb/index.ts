import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { ORANGE_BRIDGE } from '../../globals';
import { createEmulatedPlayer } from '../../player/emulated-player';
import { createSetTopErrors } from '../../set-top/set-top-errors';
import { createSetTopLifecycle } from '../../set-top/lifecycle';
import { baseBridge, realTimers } from '../base';
import { orangeEnvironmentOf } from './environment';
import { orangeStoreBilling } from './orange-appshop';

/**
 * The Orange set-top box (OrangeSTB). Both real and emulated: the `pf` environment, the lifecycle
 * of spec 2 §4 (activate with the initial route as a deep-link event, deactivate that stops the
 * player and waits 2 s, unload), the I04 / I08 / I09 / I10-PLAYZ errors sent to tracking, the
 * set-top player state machine and the Orange app shop billing. Real: the box's bridge object
 * drives the lifecycle and its exit; emulated: tests and `/tv?platform=OrangeSTB` call the
 * lifecycle themselves (`?route=` is the initial route of the first activation).
 */
export function createOrangeStbBridge(options: BridgeOptions): PlatformBridge {
  const base = baseBridge('OrangeSTB', options);
  const timers = options.timers ?? realTimers;
  const player = createEmulatedPlayer({ timers });
  const lifecycle = createSetTopLifecycle({ player, timers });
  const box = options.emulated ? undefined : options.globals?.[ORANGE_BRIDGE];
  const environment = orangeEnvironmentOf(options.search);
  box?.onLifecycle?.((event) => {
    if (event.type === 'activate') lifecycle.activate(event.route ?? null);
    else if (event.type === 'deactivate') void lifecycle.deactivate();
    else lifecycle.unload();
  });
  return {
    ...base,
    // spec 3 §7: the box adds its environment to every call.
    commonParams: () => ({ ...base.commonParams(), pf: environment }),
    exit() {
      if (!box?.exit) return false;
      box.exit();
      return true;
    },
    launchRoute: () => (options.emulated ? new URLSearchParams(options.search ?? '').get('route') : null),
    lifecycle,
    errors: createSetTopErrors(options.api),
    player,
    setTopEnvironment: environment,
    storeBilling: orangeStoreBilling(options, environment),
  };
}
