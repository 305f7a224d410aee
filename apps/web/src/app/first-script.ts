import type { StandIn } from '@playz/player/stand-in';
import { captureLaunchParams } from '@/lib/launch-params';
import { firstToAskPageStream, startPageOpeningOnce } from './page-opening-start';
import { askPageStreamEarly, importEntryAfterPicture } from './page-stream-early';
import { LIVE_PICTURE_META, startChannelEarly } from './channel-stream-early';

/**
 * The film page's first script's work once its own small graph is in (first-picture.ts, decision
 * 127): it starts the opening (`@playz/player`'s openings, then Shaka on its own) with the stand-in
 * already showing its picture (decision 137), while the entry's static graph (React, the router,
 * i18next, the catalogue) is still to come; the entry's own call then takes what it started
 * (`startPageOpeningOnce`).
 *
 * It also asks the page's own View stream, with the app's common parameters, and launches the
 * opening on its grant (decision 131): the entry's query takes that answer. The launch parameters
 * (spec 1 §2) are read first, as the entry does, so that the call carries them.
 *
 * On such a page the server names the app's entry in a `<meta>` rather than a `<script>`: this
 * script imports it once the opening's first frame is shown (decision 134).
 *
 * A live channel's page carrying its stand-in picture starts its channel instead (decision 139,
 * channel-stream-early.ts).
 */
export function runFirstScript(standIn: StandIn | null): void {
  let launched: Promise<boolean> = Promise.resolve(false);
  try {
    // A live channel's page carrying its stand-in picture (decision 139).
    if (document.querySelector(`meta[name="${LIVE_PICTURE_META}"]`)) {
      captureLaunchParams(window.location.search);
      const firstPath = window.location.pathname;
      const early = startChannelEarly(document, standIn, { stillHere: () => window.location.pathname === firstPath });
      if (early) launched = early.then((video) => video !== null);
      return;
    }
    const opening = startPageOpeningOnce(document, undefined, undefined, standIn);
    // The entry, when it was evaluated first, has asked the View stream already.
    if (opening && firstToAskPageStream(document)) {
      captureLaunchParams(window.location.search);
      const firstPath = window.location.pathname;
      launched = askPageStreamEarly(document, opening, {
        stillHere: () => window.location.pathname === firstPath,
      }).launched;
    }
  } finally {
    // The app's entry once the first picture is shown, when the server left it to this script
    // (decision 134): whatever happened above, the app starts.
    void importEntryAfterPicture(document, launched);
  }
}
