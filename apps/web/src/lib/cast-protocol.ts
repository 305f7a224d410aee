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

/**
 * The viewer's subtitle and audio choices (decision 081): the profile's, as the sender's player
 * holds them (the server's copy, else the browser's). The receiver has no session to read them.
 */
export interface CastLanguages {
  /** An RFC 5646 tag; null: the stream's default audio. */
  audio: string | null;
  /** null: subtitles off. */
  text: string | null;
  style: CastSubtitleStyle;
}

export interface CastSubtitleStyle {
  size: 'small' | 'medium' | 'large';
  background: 'none' | 'shadow' | 'box';
}

/**
 * A change of the tracks while casting, after Cast's EDIT_TRACKS_INFO (decision 081). Cast's own
 * message names tracks by `activeTrackIds` from the MEDIA_STATUS's track list; Playz's receiver
 * plays with its own player and names them by language, as the players do: `audioLanguage`,
 * `subtitleLanguage` (null: off) and `textTrackStyle` (size, background), each optional.
 */
export interface CastEditTracks {
  type: 'EDIT_TRACKS_INFO';
  requestId: number;
  audioLanguage?: string;
  subtitleLanguage?: string | null;
  textTrackStyle?: Partial<CastSubtitleStyle>;
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
    /** The viewer's subtitle and audio choices, applied at LOAD; null: the receiver's defaults. */
    languages?: CastLanguages | null;
  };
}

export type CastCommand =
  | CastLoad
  | { type: 'PLAY'; requestId: number }
  | { type: 'PAUSE'; requestId: number }
  | { type: 'SEEK'; requestId: number; currentTime: number }
  | { type: 'STOP'; requestId: number }
  | CastEditTracks;

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
    case 'EDIT_TRACKS_INFO':
      return readEditTracks(value, requestId);
    default:
      return null;
  }
}

/** The players' language tags (decision 068): fr, en, pt-BR. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;
const isTag = (value: unknown): value is string => typeof value === 'string' && LANGUAGE_TAG.test(value);
const SIZES: readonly string[] = ['small', 'medium', 'large'];
const BACKGROUNDS: readonly string[] = ['none', 'shadow', 'box'];

/** A style's parts that are right; the others left out. */
function readStyle(value: unknown): Partial<CastSubtitleStyle> {
  if (!isRecord(value)) return {};
  return {
    ...(typeof value.size === 'string' && SIZES.includes(value.size)
      ? { size: value.size as CastSubtitleStyle['size'] }
      : {}),
    ...(typeof value.background === 'string' && BACKGROUNDS.includes(value.background)
      ? { background: value.background as CastSubtitleStyle['background'] }
      : {}),
  };
}

/** The LOAD's languages, each part checked on its own (a bad part is the default). */
function readLanguages(value: unknown): CastLanguages | null {
  if (!isRecord(value)) return null;
  const style = readStyle(value.style);
  return {
    audio: isTag(value.audio) ? value.audio : null,
    text: isTag(value.text) ? value.text : null,
    style: { size: style.size ?? 'medium', background: style.background ?? 'box' },
  };
}

/** An EDIT_TRACKS_INFO with at least one good part, or null (nothing to do). */
function readEditTracks(value: Record<string, unknown>, requestId: number): CastEditTracks | null {
  const style = readStyle(value.textTrackStyle);
  const edit: CastEditTracks = {
    type: 'EDIT_TRACKS_INFO',
    requestId,
    ...(isTag(value.audioLanguage) ? { audioLanguage: value.audioLanguage } : {}),
    ...(value.subtitleLanguage === null || isTag(value.subtitleLanguage)
      ? { subtitleLanguage: value.subtitleLanguage }
      : {}),
    ...(Object.keys(style).length > 0 ? { textTrackStyle: style } : {}),
  };
  return Object.keys(edit).length > 2 ? edit : null;
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
      languages: readLanguages(custom.languages),
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
