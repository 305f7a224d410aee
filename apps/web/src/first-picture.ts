import { firstToAskPageStream, startPageOpeningOnce } from './app/page-opening-start';
import { askPageStreamEarly, importEntryAfterPicture } from './app/page-stream-early';
import { captureLaunchParams } from './lib/launch-params';

/*
 * A film page's first script (decision 127): the server names it only in a page whose HTML carries
 * the film's opening (decision 111), `async`, before the app's entry. It starts the opening as
 * soon as its own small graph is in (`@playz/player`'s openings, then Shaka on its own), while the
 * entry's static graph (React, the router, i18next, the catalogue) is still being fetched and
 * evaluated; the entry's own call then takes what it started (`startPageOpeningOnce`). The opening's element goes into the body: a script run before the parser reached it
 * waits for it.
 *
 * It also asks the page's own View stream, with the app's common parameters, and launches the
 * opening on its grant (decision 131): the entry's query takes that answer. The launch parameters
 * (spec 1 §2) are read first, as the entry does, so that the call carries them.
 *
 * On such a page the server names the app's entry in a `<meta>` rather than a `<script>`: this
 * script imports it once the opening's first frame is shown (decision 134).
 */
function firstScript(): void {
  let launched: Promise<boolean> = Promise.resolve(false);
  try {
    const opening = startPageOpeningOnce(document);
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

if (document.body) firstScript();
else document.addEventListener('DOMContentLoaded', firstScript, { once: true });
