import { useEffect, useRef } from 'react';
import type { QualityItemType } from '@playz/domain';
import { watchQuality, type PlayerError } from '@playz/player';
import { useQualityLog } from '@playz/queries';

/** What plays, as the quality reports name it. */
export interface QualityItem {
  type: QualityItemType;
  id: string | number;
}

/**
 * The TV player's quality of experience, as the web's (decision 088): the start-up time of each load
 * (a zap is one: what a zap costs is measured the same way), each stall, and a fatal error, sent to
 * POST /event/log only while the viewer allows analytics.
 */
export function useQualityReports(
  video: React.RefObject<HTMLVideoElement | null>,
  sourceKey: string,
  hasSource: boolean,
  item: QualityItem | undefined,
  error: PlayerError | null,
) {
  const log = useQualityLog(item?.type ?? 'Content', item?.id ?? 0);
  const latest = useRef({ log, measured: item !== undefined });
  latest.current = { log, measured: item !== undefined };
  useEffect(() => {
    const element = video.current;
    if (!element || !hasSource) return;
    return watchQuality(element, (event) => {
      if (latest.current.measured) latest.current.log(event);
    });
  }, [video, sourceKey, hasSource]);
  useEffect(() => {
    if (error && latest.current.measured)
      latest.current.log({ event: 'error', detail: String(error.code).slice(0, 60) });
  }, [error]);
}
