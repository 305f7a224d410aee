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

export interface Engine {
  readonly kind: 'shaka' | 'native';
  load(url: string, mimeType: string, startTime?: number): Promise<void>;
  getVideoTracks(): EngineVideoTrack[];
  /** Turns adaptive bitrate on (auto) or off before a manual selection. */
  setAdaptive(enabled: boolean): void;
  selectVideoTrack(track: EngineVideoTrack): void;
  /** A live stream (a channel, a start-over still airing): its window moves with the clock. */
  isLive(): boolean;
  /** Where the viewer may seek, in media time; null before a stream is loaded. */
  getSeekRange(): { start: number; end: number } | null;
  destroy(): Promise<void>;
}

export type EngineFactory = (kind: Engine['kind'], video: HTMLVideoElement, events: EngineEvents) => Promise<Engine>;
