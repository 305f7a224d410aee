export { createPlayer } from './player';
export { LIVE_EDGE_TOLERANCE_SECONDS } from './player';
export type {
  Player,
  PlayerError,
  PlayerOptions,
  PlayerState,
  PlayResult,
  QualityTrack,
  StartPosition,
} from './player';
export type { Engine, EngineError, EngineEvents, EngineFactory, EngineVideoTrack } from './engine';
export {
  QUALITY_STORAGE_KEY,
  readQualityPreference,
  writeQualityPreference,
  type QualityPreference,
} from './quality-preference';
export { thumbnailAt } from './thumbnails';
