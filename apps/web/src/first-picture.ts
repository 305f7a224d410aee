import { standInTracksOf, startStandIn, type StandIn } from '@playz/player/stand-in';
import type { runFirstScript } from './app/first-script';

/*
 * A film page's first script (decision 127), and a live channel page's (decision 139): the server
 * names it only in a page whose HTML carries the film's opening (decision 111) or the channel's
 * stand-in picture, `async`, before the app's entry. Its chunk imports nothing
 * before it runs (decision 137): it starts the opening's stand-in picture at once, appending the
 * segments the page preloads into a media element of its own, then imports the rest of its work
 * (app/first-script.ts: the opening's player, the View stream, the entry after the picture) by
 * the name the page's `<meta>` gives it, whose chunks the page preloads too. A bundled `import()`
 * would have brought Vite's preload helper in as a static import. The elements go into the body:
 * a script run before the parser reached it waits for it.
 */

/** The `<meta>` naming the rest of the first script's work (apps/server route-preloads.ts). */
const FIRST_SCRIPT_META = 'playz-first-script';

function standInNow(): StandIn | null {
  try {
    return startStandIn(standInTracksOf(document));
  } catch {
    // The player's picture is then the first, as without a stand-in.
    return null;
  }
}

function firstPicture(): void {
  const standIn = standInNow();
  const rest = document.querySelector(`meta[name="${FIRST_SCRIPT_META}"]`)?.getAttribute('content');
  const run = rest?.startsWith('/')
    ? (import(/* @vite-ignore */ rest) as Promise<{ runFirstScript: typeof runFirstScript }>)
    : Promise.reject(new Error('no first script named'));
  run.then(
    ({ runFirstScript }) => runFirstScript(standIn),
    () => {
      // Its chunks could not be fetched: no opening without its player; the splash's reload
      // link (decision 136) is the way on.
      standIn?.remove();
    },
  );
}

if (document.body) firstPicture();
else document.addEventListener('DOMContentLoaded', firstPicture, { once: true });
