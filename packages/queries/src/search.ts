import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from './api-context';

/** Results appear while the viewer types: one request per pause of this length, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;
/** The server refuses longer keywords (error 3); the field stops there. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 24;

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * GET /search (spec 2 §7), paged. Each query has its own cache entry and its request carries the
 * query's AbortSignal: when the keywords change, the stale request is cancelled and its late
 * answer can never replace the results of the newer keywords. An empty query asks nothing.
 */
export function useSearch(keywords: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['search', keywords] as const,
    enabled: keywords !== '',
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.search({ query: { keywords, page: String(pageParam), page_size: String(SEARCH_PAGE_SIZE) }, signal }),
    getNextPageParam: (last) => (last.Page * last.PageSize < last.Total ? last.Page + 1 : undefined),
    // While the next keywords load, the previous results stay on screen instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
