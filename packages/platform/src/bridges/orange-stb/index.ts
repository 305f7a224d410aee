import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { ORANGE_BRIDGE } from '../../globals';
import { createEmulatedPlayer } from '../../player/emulated-player';
import { createSetTopErrors } from '../../set-top/set-top-errors';
import { createSetTopLifecycle } from '../../set-top/lifecycle';
import { setTopLaunchRoute } from '../../deep-link';
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
  // The box may activate with its route before the app listens (decision 087): the first
  // activation's route is kept as the launch route; later ones reach the app as deep-link events.
  let firstRoute: string | null | undefined;
  lifecycle.on((event) => {
    if (event.type === 'activate' && firstRoute === undefined) firstRoute = event.route;
  });
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
    // The box's route as a TV app path (spec 1 §2, decision 087), or null for home.
    launchRoute: () =>
      setTopLaunchRoute(options.emulated ? new URLSearchParams(options.search ?? '').get('route') : firstRoute),
    lifecycle,
    errors: createSetTopErrors(options.api),
    player,
    setTopEnvironment: environment,
    storeBilling: orangeStoreBilling(options, environment),
  };
}
