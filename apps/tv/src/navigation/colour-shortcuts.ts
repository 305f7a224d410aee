import type { RemoteKey } from '@playz/platform';
import { tvPaths } from '@/app/paths';

/**
 * What the colour keys (and the remote's Guide key) open from any screen that does not use them
 * itself (decision 035, colour keys: the spec names no action for them). The order follows the
 * side menu and the habits of TV remotes: red the live channels, green the guide, yellow replay,
 * blue search.
 */
export const COLOUR_SHORTCUTS = [
  { key: 'red', to: tvPaths.channels, label: 'tv.menu.live' },
  { key: 'green', to: tvPaths.guide, label: 'tv.menu.guide' },
  { key: 'yellow', to: tvPaths.replay, label: 'replay.title' },
  { key: 'blue', to: tvPaths.search, label: 'tv.menu.search' },
] as const satisfies readonly { key: RemoteKey; to: string; label: string }[];

/** The screen a shortcut key opens, or null for any other key. */
export function shortcutPath(key: RemoteKey): string | null {
  if (key === 'guide') return tvPaths.guide;
  return COLOUR_SHORTCUTS.find((shortcut) => shortcut.key === key)?.to ?? null;
}
