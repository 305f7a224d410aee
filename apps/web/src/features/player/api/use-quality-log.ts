import { useCallback } from 'react';
import { isAnalyticsAllowed, useApi } from '@playz/queries';
import type { QualityEvent } from '../components/video-player';

/**
 * Sends the player's quality of experience to POST /event/log (beyond the spec): start-up time, stalls
 * and errors of an item, for the operator, only while the viewer allows analytics (decision 088).
 * Fire and forget: the viewer never waits for it.
 */
export function useQualityLog(contentType: 'Content' | 'Episode' | 'Channel', id: string | number) {
  const api = useApi();
  return useCallback(
    (quality: QualityEvent) => {
      if (!isAnalyticsAllowed()) return;
      const body = {
        content_type: contentType,
        content_type_id: String(id),
        event: quality.event,
        ...('valueMs' in quality
          ? { value_ms: quality.valueMs }
          : { detail: quality.detail.replace(/[^\w .:/-]/g, '') }),
      };
      void api.logEvent({ body }).catch(() => undefined);
    },
    [api, contentType, id],
  );
}
