export * from './live-clip';
export * from './live-timeline';
export * from './live-window';
export * from './hls-live-playlist';
export * from './dash-live-mpd';
export { readLiveClip, parseLadderMpd, parseSegmentDurations } from './live-clip-reader';
export { cutIngestPlaylist, listedSegmentNumbers, newestCommonRange } from './ingest-preview';
