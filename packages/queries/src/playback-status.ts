import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Content } from '@playz/api-contract';
import { useApi } from './api-context';
import { queryKeys } from './query-client';

/**
 * Saves the resume point of a content or an episode (spec 2 §4 Resume) through
 * /content/{id}/playback/status or /episode/{id}/playback/status. The server then lists it in
 * the customer's in-progress contents; the cached content, home rows and season episodes are
 * refreshed so the progress shows. Only logged customers watching the full video have one.
 */
export function usePlaybackStatusSaver(kind: 'content' | 'episode', contentId: string, enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (time: number) => {
      if (!enabled) return;
      // The contract takes seconds with at most 3 decimals.
      const playbackTime = String(Math.round(time * 1000) / 1000);
      // keepalive: a save made while the page is closing (pagehide, a link to another site) still
      // leaves; without it the browser cancels it and the resume point is lost.
      const input = { params: { id: contentId }, query: { playback_time: playbackTime }, keepalive: true };
      const request = kind === 'episode' ? api.setEpisodePlaybackStatus(input) : api.setContentPlaybackStatus(input);
      request
        .then(({ Content: saved }) => {
          queryClient.setQueryData<Content>(queryKeys.content(contentId), (old) =>
            old
              ? { ...old, playbackTime: saved.playbackTime, percentage: saved.percentage, status: saved.status }
              : old,
          );
          void queryClient.invalidateQueries({ queryKey: ['page'] });
          void queryClient.invalidateQueries({ queryKey: ['season'] });
        })
        // A lost resume point is not worth interrupting the film for; the next save retries.
        .catch(() => {});
    },
    [api, queryClient, kind, contentId, enabled],
  );
}

/**
 * Saves the resume point of a list played as one (decision 057) through
 * /content-list/{id}/playback/status: the time is on the list's timeline, so the content's own
 * time is moved by `offset`, where that content starts in the list. The content playing and the
 * rows are refreshed as for a content.
 */
export function useListPlaybackStatusSaver(listId: string, offset: number, enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (time: number) => {
      if (!enabled) return;
      const playbackTime = String(Math.round((offset + time) * 1000) / 1000);
      const input = { params: { id: listId }, query: { playback_time: playbackTime }, keepalive: true };
      api
        .setContentListPlaybackStatus(input)
        .then(({ Content: saved }) => {
          queryClient.setQueryData<Content>(queryKeys.content(String(saved.contentID)), (old) =>
            old
              ? { ...old, playbackTime: saved.playbackTime, percentage: saved.percentage, status: saved.status }
              : old,
          );
          void queryClient.invalidateQueries({ queryKey: ['page'] });
        })
        // A lost resume point is not worth interrupting the list for; the next save retries.
        .catch(() => {});
    },
    [api, queryClient, listId, offset, enabled],
  );
}
