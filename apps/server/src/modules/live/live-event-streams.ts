import type { AdaptiveStream, LiveEvent } from '@playz/api-contract';
import { ApiErrorNumber, apiError, type PurchasedItem } from '@playz/domain';
import type { StreamRequest } from '../playback';

/**
 * Streams of a live event (spec 2 §3, §4 Live event, §7), from the event's state:
 * - Processing: its channel, live;
 * - Past: its replay when contentID > 0, else nothing to play (7, not found);
 * - Pending: its countdown media: Video the teaser (public, like any teaser), Stream the
 *   channel's live picture before the show, Image none (the page shows the poster).
 */
export function createLiveEventStreams(deps: {
  getLiveEvent: (rawId: string) => Promise<LiveEvent>;
  channelStream: (input: StreamRequest & { rawId: string; startOver: boolean }) => Promise<AdaptiveStream>;
  contentStream: (input: StreamRequest & { rawId: string }) => Promise<AdaptiveStream>;
}) {
  return {
    async liveEventStream(input: StreamRequest & { rawId: string }): Promise<AdaptiveStream> {
      const event = await deps.getLiveEvent(input.rawId);
      // A ticket for this event opens its channel and its replay (spec 3 §4, LivePurchase).
      const ticket: PurchasedItem = `LiveEvent:${event.liveEventID}`;
      // Its streams count as the event's in the concurrent-streams history (decision 116).
      const bought = {
        ...input,
        purchase: input.access.includes(ticket) ? ticket : null,
        streamKind: 'event' as const,
      };
      const onChannel = () => {
        if (event.channelID === null) throw apiError(ApiErrorNumber.NotFound);
        return deps.channelStream({ ...bought, rawId: String(event.channelID), startOver: false });
      };
      if (event.state === 'Processing') return onChannel();
      if (event.state === 'Past') {
        if (!event.hasReplay) throw apiError(ApiErrorNumber.NotFound);
        return deps.contentStream({ ...bought, rawId: String(event.contentID) });
      }
      if (event.countdownType === 'Stream') return onChannel();
      if (event.countdownType === 'Video' && event.teaserUrl) return teaser(event.teaserUrl, event.dateScheduled);
      throw apiError(ApiErrorNumber.NotFound);
    },
  };
}

export type LiveEventStreams = ReturnType<typeof createLiveEventStreams>;

function teaser(url: string, until: string): AdaptiveStream {
  return {
    ...{ url, type: 'video', usage: 'Preview', tracks: [], thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: until, window: null, programme: null },
  };
}
