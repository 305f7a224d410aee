import { SerializedAnswer, toJsonBytes } from '../../lib/serialized-answer';
import type { CatalogueCache } from './catalogue-cache';
import type { SearchService } from './search.service';

/** As long as the ranked list a page is cut from (search.service.ts keeps it 60 s). */
const PAGE_TTL_MS = 60 * 1000;

type SearchInput = Parameters<SearchService['search']>[0];

/** Every field of the input is part of the key: a field added to search later is kept apart too. */
const inputKey = (input: SearchInput) => JSON.stringify(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Search's answers kept per query, page and kind of viewer for the catalogue version (decision
 * 110). The ranked list of a query was already kept, but every request still read its page's
 * rows, built each result and laid the translations over them: on a big catalogue a common word
 * fills the page (20 results where the demo finds 2 or 3), so each request cost several times
 * the demo's, and a kids profile's request built all 500 matches to judge their ratings. The
 * answer depends only on its input (no viewer's own data), so the same input gets the same
 * answer until the catalogue changes or the entry's time ends, as the ranked list does.
 *
 * `searchJson` keeps the answer's bytes rather than its objects (decision 110 addendum): the
 * route sends them in an envelope made once per entry, where a kept object was serialised again
 * on every request (a full page on the big catalogue is 28 kB of JSON).
 */
export function cacheSearchPages(service: SearchService, cache: CatalogueCache) {
  return {
    search: (input: SearchInput) =>
      cache.get(`search-page:${inputKey(input)}`, PAGE_TTL_MS, () => service.search(input)),
    searchJson: (input: SearchInput): Promise<SerializedAnswer> =>
      cache.get(`search-json:${inputKey(input)}`, PAGE_TTL_MS, async () =>
        SerializedAnswer.kept(toJsonBytes(await service.search(input))),
      ),
  };
}
export type KeptSearch = ReturnType<typeof cacheSearchPages>;
