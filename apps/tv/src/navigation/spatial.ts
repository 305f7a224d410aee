import { init, setKeyMap } from '@noriginmedia/norigin-spatial-navigation';

/**
 * Starts the spatial navigation (norigin) with its own key listener switched off: every key goes
 * through remoteKeyOf and navigation/remote-keys.ts instead (decision 035), so one place reads
 * the remote's codes whatever the platform. Focused items also get the DOM focus, which screen
 * readers and the tests read.
 */
export function startSpatialNavigation() {
  init({ shouldFocusDOMNode: true, domNodeFocusOptions: { preventScroll: true }, throttle: 0 });
  setKeyMap({ left: [], up: [], right: [], down: [], enter: [] });
}
