export { locateFfmpeg, type FfmpegBinaries } from './ffmpeg-binary';
export { locateFontFile, DEFAULT_FONT_FILE } from './font-file';
export { escapeDrawtext, escapeFilterValue } from './filter-escape';
export { layoutTitle, type TitleLayout } from './title-layout';
export { buildDemoSourceArgs, type DemoSourceOptions } from './demo-source-args';
export type { DemoPattern } from './demo-pattern';
export {
  buildLadderArgs,
  DEFAULT_FPS,
  DEFAULT_RENDITIONS,
  DEFAULT_SEGMENT_SEC,
  HLS_MASTER_NAME,
  MPD_NAME,
  INIT_SEGMENT_TEMPLATE,
  MEDIA_SEGMENT_TEMPLATE,
  type LadderAudio,
  type LadderOptions,
  type Rendition,
} from './ladder-args';
export { buildThumbnailArgs, type ThumbnailOptions } from './thumbnail-args';
export { buildPosterArgs, type PosterOptions } from './poster-args';
export { buildPreviewArgs, type PreviewOptions } from './preview-args';
export { runFfmpeg, FfmpegError, type RunFfmpegOptions } from './run-ffmpeg';
export { dieWithParent } from './die-with-parent';
export { fixHlsMediaPlaylist, fixHlsPlaylistsInDir } from './fix-hls';
export { parseHlsMaster, type HlsVariant } from './hls-master';
export { probeDuration } from './probe';
export { VIDEO_INPUT_FORMATS, videoInputOptions } from './input-options';
export { DEMO_CLIP_SPECS, THUMBNAIL_PERCENTS, type DemoClip, type DemoClipSpec } from './demo-clip';
export { ensureDemoMedia, type DemoProgress, type EnsureDemoMediaOptions } from './demo-media';
export { renderTitleArtwork, type TitleArtworkOptions } from './title-artwork';
export { buildLiveIngestArgs, LIVE_INGEST_MPD, type LiveIngestOptions } from './live-ingest-args';
export {
  addTracksToHlsMaster,
  addTracksToMpd,
  buildSubtitleArgs,
  buildSubtitlePlaylist,
  languageLabel,
  LANGUAGE_TAG,
  replaceHlsSubtitles,
  replaceMpdSubtitles,
  subtitleCharset,
  subtitleFileName,
  type ClipAudioTrack,
  type ClipSubtitleTrack,
} from './tracks';
export { packageTracks, type PackageTracksOptions } from './package-tracks';
export {
  addHlsAudio,
  addMpdAudio,
  audioFileNameFor,
  audioPlaylistFor,
  audioRepresentationFor,
  buildAudioTrackArgs,
  probeAudio,
} from './audio-track';
export { demoSubtitlesSrt, DEMO_SUBTITLE_LANGUAGES } from './demo-subtitles';
