import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context';

export const seriesKeys = {
  catalogue: ['series'] as const,
  series: (id: string) => ['series', id] as const,
  season: (id: string) => ['season', id] as const,
};

/** GET /series: every series (spec 2 §2 series catalogue). */
export function useSeriesCatalogue() {
  const api = useApi();
  return useQuery({
    queryKey: seriesKeys.catalogue,
    queryFn: async ({ signal }) => (await api.getSeriesCatalogue({ signal })).Series,
  });
}

/** GET /series/{id}: the series with its seasons. */
export function useSeries(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: seriesKeys.series(id ?? ''),
    queryFn: async ({ signal }) => (await api.getSeries({ params: { id: id ?? '' }, signal })).Series,
    enabled: id !== undefined,
  });
}

/**
 * GET /season/{id}: its episodes, with the customer's progress. Refetched on each visit so the
 * progress saved by the player shows when coming back.
 */
export function useSeason(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: seriesKeys.season(id ?? ''),
    queryFn: async ({ signal }) => (await api.getSeason({ params: { id: id ?? '' }, signal })).Season,
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Loads a season on demand, e.g. the next one when the last episode of a season ends. */
export function useSeasonLoader() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      queryClient.fetchQuery({
        queryKey: seriesKeys.season(id),
        queryFn: async ({ signal }) => (await api.getSeason({ params: { id }, signal })).Season,
      }),
    [api, queryClient],
  );
}
