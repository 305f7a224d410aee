/*
 * The app's entry, imported late when a film page's first script never ran (decision 136): on a
 * page carrying its opening the server names the entry in a `<meta>` and leaves it to the first
 * script (decision 134), so a first script whose own request failed would leave the splash for
 * good. The server names this tiny module beside it, at low priority. Importing the entry twice
 * is harmless: a module is fetched and evaluated once per page, so when the first script has
 * imported it this does nothing.
 */

/** Past the first script's own bound (`ENTRY_WAIT_MS`, 3 s): the entry comes by this at the latest. */
export const ENTRY_FALLBACK_MS = 6_000;

export function importEntryLater(
  doc: Pick<Document, 'querySelector'>,
  importEntry: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
  later: (run: () => void, ms: number) => unknown = setTimeout,
): void {
  const url = doc.querySelector('meta[name="playz-entry"]')?.getAttribute('content');
  // Only this origin's path: the `<meta>` is the page's, but nothing else is ever imported.
  if (!url || !/^\/(?!\/)/.test(url)) return;
  later(() => void importEntry(url).catch(() => undefined), ENTRY_FALLBACK_MS);
}

// Run as the page's module; under test the document names no entry, so nothing is scheduled.
if (typeof document !== 'undefined') importEntryLater(document);
