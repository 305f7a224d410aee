import type { Channel, Content, ContentList } from '@playz/api-contract';
import { cleanSlug, htmlRoute } from '@playz/domain';
import type { ChannelRow, ContentListRow, ContentRow } from './catalogue.repository';

/** Media paths are stored relative to the media root and served under /media (ARCHITECTURE 4). */
export function mediaUrl(relative: string | null): string | null {
  return relative ? `/media/${relative}` : null;
}

export interface ViewContext {
  publicUrl: string;
}

/** Directors and actors (migration 004) as metadata strings: "Jeanne Duval, Hugo Lacaze". */
function peopleMetadata(json: string | null | undefined): Record<string, string> {
  if (!json) return {};
  const people = JSON.parse(json) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(people).flatMap(([k, v]) => (v.length ? [[k, v.join(', ')]] : [])));
}

/** A resume point as the Content entity shows it (spec 2 §4 Resume: status Processing, Done near the end). */
export function progressFields(progress: { playback_time: number; percentage: number }) {
  return {
    status: progress.percentage >= 95 ? ('Done' as const) : ('Processing' as const),
    playbackTime: progress.playback_time,
    percentage: progress.percentage,
  };
}

export function toContent(
  row: ContentRow,
  ctx: ViewContext,
  progress?: { playback_time: number; percentage: number },
): Content {
  return {
    contentID: row.id,
    contentListID: row.content_list_id,
    channelID: row.channel_id,
    provider: 'CMS',
    providerID: null,
    contentType: row.content_type as Content['contentType'],
    enabled: row.enabled === 1,
    title: row.title,
    description: row.description,
    shareUrl: ctx.publicUrl + htmlRoute('content', row.id, row.title),
    thumbnailUrl: mediaUrl(row.poster),
    previewUrl: mediaUrl(row.preview),
    posterUrl: mediaUrl(row.poster),
    images: { landscape: mediaUrl(row.poster), portrait: mediaUrl(row.portrait), backdrop: mediaUrl(row.backdrop) },
    duration: row.duration,
    aspectRatio: '16:9',
    expirationDate: row.expiration_date,
    ...(progress ? progressFields(progress) : { status: null, playbackTime: null, percentage: null }),
    metadata: {
      ...(row.year !== null ? { Year: row.year } : {}),
      ...(row.genre !== null ? { Genre: row.genre } : {}),
      ...peopleMetadata(row.people),
    },
    productPriceID: null,
    episodeNumber: row.episode_number,
    slug: cleanSlug(row.title),
    // Only a content of a season of a series has a place there (selectContents joins both).
    seriesID: row.series_id,
    seriesSlug: row.series_name !== null ? cleanSlug(row.series_name) : null,
    seasonSlug: row.series_id !== null && row.season_name !== null ? cleanSlug(row.season_name) : null,
    rating: row.rating,
  };
}

export function toContentList(
  row: ContentListRow,
  ctx: ViewContext,
  contents: Content[],
  contentsCount = contents.length,
): ContentList {
  return {
    ID: row.id,
    name: row.name,
    type: row.type as ContentList['type'],
    description: row.description,
    images: { landscape: mediaUrl(row.poster), portrait: mediaUrl(row.portrait), backdrop: mediaUrl(row.backdrop) },
    metadata: JSON.parse(row.metadata) as ContentList['metadata'],
    previewUrl: mediaUrl(row.preview),
    posterUrl: mediaUrl(row.poster),
    channelID: row.channel_id,
    parentID: row.parent_id,
    number: row.number,
    contentsCount,
    slug: cleanSlug(row.name),
    contents,
    rating: row.rating,
  };
}

export function toChannel(
  row: ChannelRow,
  ctx: ViewContext,
  current: Content | null,
  schedules: Channel['schedules'],
): Channel {
  return {
    channelID: row.id,
    channelType: row.channel_type as Channel['channelType'],
    provider: 'CMS',
    providerID: null,
    name: row.name,
    description: row.description,
    locale: row.locale,
    genre: row.genre,
    shareUrl: ctx.publicUrl + htmlRoute('channel', row.id, row.name),
    thumbnailUrl: mediaUrl(row.logo),
    previewUrl: null,
    posterUrl: mediaUrl(row.poster),
    images: { landscape: mediaUrl(row.poster), portrait: mediaUrl(row.logo), backdrop: mediaUrl(row.poster) },
    slug: cleanSlug(row.name),
    url: row.stream_url ?? null,
    currentContent: current,
    schedules,
  };
}
