import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_MASTER_NAME, MPD_NAME } from './ladder-args';
import {
  addTracksToHlsMaster,
  addTracksToMpd,
  buildSubtitlePlaylist,
  buildSubtitleArgs,
  languageLabel,
  mediaPlaylistName,
  subtitleCharset,
  subtitleFileName,
  type ClipAudioTrack,
  type ClipSubtitleTrack,
} from './tracks';

export interface PackageTracksOptions {
  /** The packaged ladder's folder (manifest.mpd, master.m3u8, media_N.m3u8). */
  dir: string;
  /** Where the folder will live under the media root (e.g. clips/aurora): clip.json's paths. */
  relDir: string;
  /** Video renditions in the ladder: the first audio's representation id. */
  renditionCount: number;
  durationSec: number;
  /** The ladder's audio languages, in its order. */
  audioLanguages: readonly string[];
  /** Subtitle files (SubRip, WebVTT, ...) with their language. */
  subtitles: readonly { language: string; file: string }[];
  /** Runs ffmpeg (the caller's runner: its progress, signal and binary). */
  runFfmpeg(args: string[]): Promise<void>;
}

/**
 * After the ladder (decision 068): each subtitle made WebVTT by ffmpeg with its one-segment HLS
 * playlist, then the MPD and the multivariant playlist given the languages' names and the
 * subtitles. Returns what clip.json lists.
 */
export async function packageTracks(
  o: PackageTracksOptions,
): Promise<{ audio: ClipAudioTrack[]; subtitles: ClipSubtitleTrack[] }> {
  const audio = o.audioLanguages.map((language, i) => ({
    id: o.renditionCount + i,
    language,
    label: languageLabel(language),
  }));
  const subtitles: ClipSubtitleTrack[] = [];
  for (const [i, source] of o.subtitles.entries()) {
    const id = o.renditionCount + audio.length + i;
    const name = subtitleFileName(id);
    const charset = subtitleCharset(await readFile(source.file));
    await o.runFfmpeg(
      buildSubtitleArgs({ input: source.file, out: join(o.dir, name), charset: charset === 'UTF-8' ? null : charset }),
    );
    await writeFile(join(o.dir, mediaPlaylistName(id)), buildSubtitlePlaylist(name, o.durationSec));
    subtitles.push({
      id,
      language: source.language,
      label: languageLabel(source.language),
      path: `${o.relDir}/${name}`,
    });
  }
  const masterPath = join(o.dir, HLS_MASTER_NAME);
  const mpdPath = join(o.dir, MPD_NAME);
  await writeFile(masterPath, addTracksToHlsMaster(await readFile(masterPath, 'utf8'), audio, subtitles));
  await writeFile(mpdPath, addTracksToMpd(await readFile(mpdPath, 'utf8'), audio, subtitles));
  return { audio, subtitles };
}
