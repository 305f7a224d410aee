/**
 * The containers an uploaded video may be opened as. ffmpeg picks a demuxer from a file's bytes,
 * so a text file starting `#EXTM3U` (or an ffconcat list) would be opened as a playlist and the
 * files or addresses it names read: an editor's "video" could make the job encode a file of the
 * server, or fetch an internal address, into a content (decision 114 addendum found it for audio).
 * Demuxer names as ffmpeg lists them; `mov` covers mp4, m4v and 3gp, `matroska` webm.
 */
export const VIDEO_INPUT_FORMATS = 'mov,matroska,avi,mpegts,flv,asf,mxf,mpeg,ogg,dv';

/** ffmpeg/ffprobe input options for an uploaded video: those containers, from a local file only. */
export const videoInputOptions = (): string[] => [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  VIDEO_INPUT_FORMATS,
];
