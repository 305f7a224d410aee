import { createHash } from 'node:crypto';
import { liveEventQrCodePath, type LiveEvent } from '@playz/api-contract';
import { ApiErrorNumber, apiError, cleanSlug, countdownSeconds, htmlRoute, liveEventState } from '@playz/domain';
import type { BrowseRepository, LiveEventRow } from './browse.repository';
import type { CatalogueRepository } from './catalogue.repository';
import { parseId } from './catalogue.service';
import { mediaUrl, toChannel, toContent, type ViewContext } from './catalogue.views';
import { liveEventTextIn } from './live-event-desk';
import { renderQrCodePng } from './live-events-qr-code';

const DAY = 24 * 3600 * 1000;

/** Live events (spec 2 §3, §4 Live event state, §7 /live-events/). */
export function createLiveEventsService(deps: {
  repo: CatalogueRepository;
  browse: BrowseRepository;
  view: ViewContext;
  now?: () => Date;
}) {
  const { repo, browse, view } = deps;
  const now = deps.now ?? (() => new Date());

  async function toLiveEvents(rows: LiveEventRow[], locale: string): Promise<LiveEvent[]> {
    const t = now();
    const channelIds = [...new Set(rows.flatMap((r) => (r.channel_id !== null ? [r.channel_id] : [])))];
    const [channels, contents] = await Promise.all([
      browse.listChannelsByIds(channelIds),
      repo.listContentsByIds(rows.filter((r) => r.content_id > 0).map((r) => r.content_id)),
    ]);
    const channelById = new Map(channels.map((c) => [c.id, c]));
    const contentById = new Map(contents.map((c) => [c.id, c]));
    return rows.map((r) => {
      const channel = r.channel_id !== null ? channelById.get(r.channel_id) : undefined;
      const content = contentById.get(r.content_id);
      const posterUrl = mediaUrl(r.poster ?? content?.poster ?? channel?.poster ?? null);
      const timing = { dateScheduled: r.date_scheduled, duration: r.duration, leadTimeSeconds: r.lead_time_seconds };
      // Named in the viewer's language when an editor wrote it (decision 108), else in French.
      const text = liveEventTextIn(r, locale);
      const { schedules: _s, ...channelView } = channel ? toChannel(channel, view, null, []) : { schedules: [] };
      return {
        liveEventID: r.id,
        channelID: r.channel_id,
        contentID: r.content_id,
        name: text.name,
        description: text.description,
        descriptionSections: JSON.parse(r.description_sections) as LiveEvent['descriptionSections'],
        locationName: r.location_name,
        locationAddress: r.location_address,
        dateScheduled: r.date_scheduled,
        duration: r.duration,
        // Shared as its replay once there is one, otherwise as the channel that carries it live.
        shareUrl:
          view.publicUrl +
          (content
            ? htmlRoute('content', content.id, content.title)
            : channel
              ? htmlRoute('channel', channel.id, channel.name)
              : '/'),
        qrCodeUrl: liveEventQrCodePath(r.id),
        teaserUrl: mediaUrl(r.teaser),
        thumbnailUrl: posterUrl,
        previewUrl: mediaUrl(r.preview),
        posterUrl,
        images: { landscape: posterUrl, portrait: posterUrl, backdrop: posterUrl },
        productPriceID: r.product_price_id,
        countdownSeconds: countdownSeconds(r.date_scheduled, t),
        countdownType: r.countdown_type as LiveEvent['countdownType'],
        state: liveEventState(timing, t),
        hasReplay: r.content_id > 0,
        slug: cleanSlug(text.name),
        channel: channel ? (channelView as NonNullable<LiveEvent['channel']>) : null,
        content: content ? toContent(content, view) : null,
      };
    });
  }

  async function get(rawId: string, locale = 'fr'): Promise<LiveEvent> {
    const row = await browse.getLiveEvent(parseId(rawId, ApiErrorNumber.LiveEventNotFound));
    if (!row) throw apiError(ApiErrorNumber.LiveEventNotFound);
    const [event] = await toLiveEvents([row], locale);
    return event!;
  }

  return {
    get,
    /**
     * The event's QR code: its public page (shareUrl). The tag follows the encoded address, so a
     * cached picture is revalidated once the event gets a replay and its page changes.
     */
    async qrCode(rawId: string): Promise<{ png: Buffer; etag: string }> {
      const { shareUrl } = await get(rawId);
      const etag = `"qr-${createHash('sha256').update(shareUrl).digest('hex').slice(0, 20)}"`;
      return { png: await renderQrCodePng(shareUrl), etag };
    },
    /** Events running or starting in [date_from, date_to); by default from now on, 30 days. */
    async list(from?: string, to?: string, locale = 'fr'): Promise<LiveEvent[]> {
      const start = from !== undefined ? Date.parse(from) : now().getTime();
      const end = to !== undefined ? Date.parse(to) : start + 30 * DAY;
      if (Number.isNaN(start) || Number.isNaN(end) || end <= start || end - start > 366 * DAY)
        throw apiError(ApiErrorNumber.BadParameter);
      const rows = await browse.listLiveEventsEndingAfter(new Date(start).toISOString(), new Date(end).toISOString());
      return toLiveEvents(
        rows.filter((r) => Date.parse(r.date_scheduled) + r.duration * 1000 > start),
        locale,
      );
    },
    async replays(locale = 'fr'): Promise<LiveEvent[]> {
      const t = now();
      const rows = await browse.listLiveEventReplays();
      return toLiveEvents(
        rows.filter((r) => liveEventState({ dateScheduled: r.date_scheduled, duration: r.duration }, t) === 'Past'),
        locale,
      );
    },
  };
}
export type LiveEventsService = ReturnType<typeof createLiveEventsService>;
