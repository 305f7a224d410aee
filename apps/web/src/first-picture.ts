import { startPageOpeningOnce } from './app/page-opening-start';

/*
 * A film page's first script (decision 127): the server names it only in a page whose HTML carries
 * the film's opening (decision 111), `async`, before the app's entry. It starts the opening as
 * soon as its own small graph is in (`@playz/player`'s openings, then Shaka on its own), while the
 * entry's static graph (React, the router, i18next, the catalogue) is still being fetched and
 * evaluated; the entry's own call then takes what it started (`startPageOpeningOnce`). The opening's element goes into the body: a script run before the parser reached it
 * leaves the start to the entry, as before.
 */
if (document.body) startPageOpeningOnce(document);
