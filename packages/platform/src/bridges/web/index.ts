import type { BridgeOptions, PlatformBridge } from '../../bridge';
import { baseBridge } from '../base';

/**
 * The web (spec 1 §1): a browser at /tv. Nothing to register; the browser keeps its own history,
 * so exit is not ours to do. Web billing is the web checkout (decision 025), not a store bridge.
 */
export function createWebBridge(options: BridgeOptions): PlatformBridge {
  return baseBridge('Web', options);
}
