/**
 * What the web player's Cast sender and Playz's receiver page (/cast/receiver) say to each other
 * (decision 070). The messages keep the shape of the Cast media channel's (LOAD, PLAY, PAUSE,
 * SEEK, STOP, MEDIA_STATUS) but travel on Playz's own namespace: the receiver plays with
 * @playz/player (Shaka), not with the receiver framework's player, so it answers them itself.
 */
export const CAST_NAMESPACE = 'urn:x-cast:fr.playz.cast';

/** Where and how the receiver reports the resume point: a token minted for this cast (decision 070). */
export interface CastStatusGrant {
  /** The absolute URL of POST /api/1.2/cast/playback/status. */
  url: string;
  token: string;
}

export interface CastLoad {
  type: 'LOAD';
  requestId: number;
  media: {
    /** The signed stream URL, absolute: the receiver plays it from its own origin (decision 051). */
    contentId: string;
    contentType: 'application/x-mpegurl' | 'application/dash+xml' | 'video/mp4';
    streamType: 'BUFFERED' | 'LIVE';
    metadata: { title: string; images: { url: string }[] };
  };
  /** Where to start, in seconds (the sender's position: spec 2 §4 resume). */
  currentTime: number;
  autoplay: true;
  customData: {
    /** The viewer's language, for the receiver's texts and the API's errors. */
    locale: string;
    /** Null where nothing is saved (a visitor, a preview, a list). */
    status: CastStatusGrant | null;
  };
}

export type CastCommand =
  | CastLoad
  | { type: 'PLAY'; requestId: number }
  | { type: 'PAUSE'; requestId: number }
  | { type: 'SEEK'; requestId: number; currentTime: number }
  | { type: 'STOP'; requestId: number };

export type CastPlayerState = 'IDLE' | 'BUFFERING' | 'PLAYING' | 'PAUSED';

export interface CastMediaStatus {
  type: 'MEDIA_STATUS';
  playerState: CastPlayerState;
  currentTime: number;
  duration: number;
  /** Why the receiver is idle: it finished, was stopped, or failed to play. */
  idleReason?: 'FINISHED' | 'CANCELLED' | 'ERROR' | undefined;
}

const PLAYER_STATES: readonly string[] = ['IDLE', 'BUFFERING', 'PLAYING', 'PAUSED'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A message of the receiver as an object (the framework hands strings), or null when it is none. */
export function readMediaStatus(message: unknown): CastMediaStatus | null {
  let value = message;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || value.type !== 'MEDIA_STATUS') return null;
  if (typeof value.playerState !== 'string' || !PLAYER_STATES.includes(value.playerState)) return null;
  if (!isTime(value.currentTime) || !isTime(value.duration)) return null;
  const idleReason = value.idleReason;
  return {
    type: 'MEDIA_STATUS',
    playerState: value.playerState as CastPlayerState,
    currentTime: value.currentTime,
    duration: value.duration,
    idleReason:
      idleReason === 'FINISHED' || idleReason === 'CANCELLED' || idleReason === 'ERROR' ? idleReason : undefined,
  };
}

/**
 * A sender's message as the receiver accepts it, or null. The stream URL must be http(s): a LOAD
 * reaches the receiver from any sender of the app, and it plays nothing else.
 */
export function readCastCommand(message: unknown): CastCommand | null {
  let value = message;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || typeof value.type !== 'string') return null;
  const requestId = typeof value.requestId === 'number' ? value.requestId : 0;
  switch (value.type) {
    case 'PLAY':
    case 'PAUSE':
    case 'STOP':
      return { type: value.type, requestId };
    case 'SEEK':
      return isTime(value.currentTime) ? { type: 'SEEK', requestId, currentTime: value.currentTime } : null;
    case 'LOAD':
      return readLoad(value, requestId);
    default:
      return null;
  }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function readLoad(value: Record<string, unknown>, requestId: number): CastLoad | null {
  const media = value.media;
  if (!isRecord(media) || !isHttpUrl(media.contentId)) return null;
  const contentType = media.contentType;
  if (contentType !== 'application/x-mpegurl' && contentType !== 'application/dash+xml' && contentType !== 'video/mp4')
    return null;
  const metadata = isRecord(media.metadata) ? media.metadata : {};
  const images = Array.isArray(metadata.images) ? metadata.images : [];
  const custom = isRecord(value.customData) ? value.customData : {};
  const status = isRecord(custom.status) ? custom.status : null;
  return {
    type: 'LOAD',
    requestId,
    media: {
      contentId: media.contentId,
      contentType,
      streamType: media.streamType === 'LIVE' ? 'LIVE' : 'BUFFERED',
      metadata: {
        title: typeof metadata.title === 'string' ? metadata.title.slice(0, 300) : '',
        images: images
          .filter((image): image is { url: string } => isRecord(image) && isHttpUrl(image.url))
          .slice(0, 3)
          .map((image) => ({ url: image.url })),
      },
    },
    currentTime: isTime(value.currentTime) ? value.currentTime : 0,
    autoplay: true,
    customData: {
      locale: typeof custom.locale === 'string' ? custom.locale.slice(0, 5) : 'fr',
      status:
        status && isHttpUrl(status.url) && typeof status.token === 'string' && status.token.length <= 1000
          ? { url: status.url, token: status.token }
          : null,
    },
  };
}

/** The LOAD's content type for a stream of the API (spec 2 §7 url/adaptive `type`). */
export function castContentType(type: 'hls' | 'dash' | 'video'): CastLoad['media']['contentType'] {
  return type === 'hls' ? 'application/x-mpegurl' : type === 'dash' ? 'application/dash+xml' : 'video/mp4';
}

/** The stream's type back from a LOAD's content type, as @playz/player takes it. */
export function streamTypeOf(contentType: CastLoad['media']['contentType']): 'hls' | 'dash' | 'video' {
  return contentType === 'application/x-mpegurl' ? 'hls' : contentType === 'application/dash+xml' ? 'dash' : 'video';
}
