import type { AdaptiveStream } from '@playz/api-contract';
import type { CustomerAuth } from '../../lib/access';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { PlaybackService } from './playback.service';
import { openingChecks, type createViewerOf } from './playback.routes';

/**
 * A content's opening (decision 044) for the HTML of its player page (decision 111): the same
 * grant as `GET /content/{id}/url/opening` (no device place, four segments, a minute of life),
 * under the same counts, or null when the viewer may not have one (no right to View, encrypted,
 * a programme, a parental code to give, the counts spent). The right is checked first, so a page
 * the viewer cannot play spends none of their openings.
 */
export function createPageOpening(deps: {
  playback: Pick<PlaybackService, 'getOpeningStream'>;
  viewer: ReturnType<typeof createViewerOf>;
  limiter: RateLimiter;
  now: () => Date;
}) {
  return async (
    caller: CustomerAuth,
    rawId: string,
    target: string,
    startSeconds: number,
  ): Promise<AdaptiveStream | null> => {
    try {
      const input = { rawId, target, ...(await deps.viewer(caller)), customer: caller };
      const stream = await deps.playback.getOpeningStream(input, startSeconds);
      await countAttempts(deps.limiter, openingChecks(caller.customerId, rawId), deps.now().getTime());
      return stream;
    } catch {
      // Every refusal means the same here: the page starts the usual way.
      return null;
    }
  };
}
