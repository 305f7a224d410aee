import { useCallback } from 'react';
import { qualityLogBody, type QualityEvent, type QualityItemType } from '@playz/domain';
import { useOptionalApi } from '../profile-languages';
import { isAnalyticsAllowed } from './consent-store';

/**
 * Sends a player's quality of experience to POST /event/log (beyond the spec): start-up time, stalls
 * and errors of an item, for the operator, only while the viewer allows analytics (decision 088).
 * Web and TV alike; a player shown without the app's API (a component test) reports nothing. Fire and
 * forget: the viewer never waits for it.
 */
export function useQualityLog(itemType: QualityItemType, id: string | number) {
  const api = useOptionalApi();
  return useCallback(
    (quality: QualityEvent) => {
      if (!api || !isAnalyticsAllowed()) return;
      void api.logEvent({ body: qualityLogBody(itemType, id, quality) }).catch(() => undefined);
    },
    [api, itemType, id],
  );
}
