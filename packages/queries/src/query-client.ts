import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';

/** Keys of every cached call, in one place so invalidations match the readers. */
export const queryKeys = {
  appData: ['data'] as const,
  landing: ['landing'] as const,
  pageRows: (pageId: string) => ['page', pageId, 'rows'] as const,
  content: (id: string) => ['content', id] as const,
  related: (id: string) => ['content', id, 'related'] as const,
  stream: (id: string, usage: string, target: string, airing: number | null = null) =>
    ['content', id, 'stream', usage, target, airing] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An API error (not found, forbidden...) is an answer, not a hiccup: retrying changes nothing.
        retry: (failureCount, error) => !isApiError(error) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
    },
  });
}
