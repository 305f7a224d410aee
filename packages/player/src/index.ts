export { createPlayer } from './player';
export {
  channelOpeningKey,
  createOpenings,
  mediaElementFor,
  openingKey,
  openings,
  outOfHiding,
  OPENING_AHEAD_SECONDS,
  OPENING_WAIT_MS,
  type OpeningSource,
  type Openings,
  type TakenOpening,
} from './openings';
export {
  createOpeningIntent,
  LAUNCH_CHECK_MS,
  OPENING_DWELL_MS,
  type FindOpening,
  type OpeningIntent,
} from './opening-intent';
export { LIVE_EDGE_TOLERANCE_SECONDS, PRELOAD_MAX_AGE_MS } from './player';
export type {
  LanguageOption,
  Player,
  PlayerCommands,
  PlayerLanguages,
  PlayerError,
  PlayerSource,
  PlayerOptions,
  PlayerState,
  PlayResult,
  QualityTrack,
  StartPosition,
} from './player';
export type {
  Engine,
  EngineLanguageTrack,
  EngineError,
  EngineEvents,
  EngineFactory,
  EnginePreload,
  EngineVideoTrack,
} from './engine';
export {
  QUALITY_STORAGE_KEY,
  readQualityPreference,
  writeQualityPreference,
  type QualityPreference,
} from './quality-preference';
export { createResumeSaver, MIN_RESUME_SECONDS, RESUME_SAVE_INTERVAL_MS, type ResumeSaver } from './resume-saver';
export { thumbnailAt } from './thumbnails';
export { framePresented } from './frame-presented';
export { warmUpEngine } from './engine-factory';
export { activePlayer, createActivePlayerSlot, type ActivePlayer, type ActivePlayerSlot } from './active-player';
export {
  DEFAULT_LANGUAGE_PREFERENCE,
  DEFAULT_SUBTITLE_STYLE,
  languageStorageKey,
  parseLanguagePreference,
  readLanguagePreference,
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_SIZES,
  type LanguagePreference,
  type SubtitleBackground,
  type SubtitleSize,
  type SubtitleStyle,
} from './language-preference';
export { watchQuality } from './quality-watch';
