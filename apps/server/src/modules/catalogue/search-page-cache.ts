import type { CatalogueCache } from './catalogue-cache';
import type { SearchService } from './search.service';

/** As long as the ranked list a page is cut from (search.service.ts keeps it 60 s). */
const PAGE_TTL_MS = 60 * 1000;

/**
 * Search's answers kept per query, page and kind of viewer for the catalogue version (decision
 * 110). The ranked list of a query was already kept, but every request still read its page's
 * rows, built each result and laid the translations over them: on a big catalogue a common word
 * fills the page (20 results where the demo finds 2 or 3), so each request cost several times
 * the demo's, and a kids profile's request built all 500 matches to judge their ratings. The
 * answer depends only on its input (no viewer's own data), so the same input gets the same
 * answer until the catalogue changes or the entry's time ends, as the ranked list does.
 */
export function cacheSearchPages(service: SearchService, cache: CatalogueCache): SearchService {
  return {
    search(input) {
      // Every field of the input is part of the key: a field added to search later is kept apart too.
      const key = `search-page:${JSON.stringify(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)))}`;
      return cache.get(key, PAGE_TTL_MS, () => service.search(input));
    },
  };
}
