/**
 * What the player needs from a playback engine. Shaka implements it for HLS and DASH; plain
 * video files use the element itself. Tests give a fake, so the adapter's rules run without MSE.
 */
export interface EngineVideoTrack {
  height: number;
  width: number;
  bandwidth: number;
  active: boolean;
}

/** An audio language or a subtitle of the loaded stream (decision 068). */
export interface EngineLanguageTrack {
  /** RFC 5646 tag as the manifest gives it (lang, LANGUAGE). */
  language: string;
  /** The manifest's name for it (Label, NAME), if any. */
  label: string | null;
  active: boolean;
}

export interface EngineError {
  code: number | string;
  message: string;
  /** A fatal error stops playback; a recoverable one is only logged. */
  fatal: boolean;
  cause?: unknown;
}

export interface EngineEvents {
  onError(error: EngineError): void;
  /** The active video track changed (adaptation or manual selection). */
  onTracksChanged(): void;
  onBuffering(buffering: boolean): void;
}

/**
 * spec 2 §7 DRM licence step: before each licence request the engine posts the access mode, the
 * content security id and the usage context to the token URL and adds the token to the request.
 */
export interface EngineDrm {
  keySystem: 'org.w3.clearkey' | 'com.widevine.alpha' | 'com.apple.fps';
  licenseUrl: string;
  tokenUrl: string;
  certificateUrl: string | null;
  contentAccessMode: string;
  contentSecurityId: string;
  usageContext: string;
}

/**
 * A stream fetched ahead of its load (its manifest, and for a VOD its first segment; for live its
 * init segment): a channel change then starts from data already here instead of from the network.
 */
export interface EnginePreload {
  /** Resolves true once everything ahead is fetched, false if the preload failed (the load then asks again). */
  readonly ready: Promise<boolean>;
  destroy(): Promise<void>;
}

export interface Engine {
  readonly kind: 'shaka' | 'native';
  /**
   * Loads a stream into the engine's media element, replacing the one playing (the same element
   * and engine: no new MediaSource pipeline to build). `preloaded` is this engine's preload of the
   * same url, started at the default position.
   */
  load(
    url: string,
    mimeType: string,
    startTime?: number,
    drm?: EngineDrm | null,
    preloaded?: EnginePreload | null,
  ): Promise<void>;
  /** Starts fetching a stream ahead of its load; null when the engine cannot (a plain file). */
  preload(url: string, mimeType: string, drm?: EngineDrm | null): Promise<EnginePreload | null>;
  /**
   * How far ahead of the playhead the engine fetches, in seconds; null for its default. An
   * opening (decision 044) stays within the few segments its grant opens.
   */
  limitAhead(seconds: number | null): void;
  /**
   * The stream loaded goes on under another grant of the same stream (an opening, once the press
   * got the viewer's own stream, decision 044): `url` is that stream's manifest, and every
   * segment asked from now on carries its authority. Rejects when that manifest is refused.
   */
  continueWith(url: string): Promise<void>;
  getVideoTracks(): EngineVideoTrack[];
  /** Turns adaptive bitrate on (auto) or off before a manual selection. */
  setAdaptive(enabled: boolean): void;
  selectVideoTrack(track: EngineVideoTrack): void;
  /** The stream's audio languages, one entry each (decision 068). */
  getAudioLanguages(): EngineLanguageTrack[];
  selectAudioLanguage(language: string): void;
  /** The stream's subtitles, one entry per language; none active when they are off. */
  getTextLanguages(): EngineLanguageTrack[];
  /** Shows the subtitles of this language, or none with null. */
  selectTextLanguage(language: string | null): void;
  /** A live stream (a channel, a start-over still airing): its window moves with the clock. */
  isLive(): boolean;
  /** Where the viewer may seek, in media time; null before a stream is loaded. */
  getSeekRange(): { start: number; end: number } | null;
  destroy(): Promise<void>;
}

export type EngineFactory = (kind: Engine['kind'], video: HTMLVideoElement, events: EngineEvents) => Promise<Engine>;
