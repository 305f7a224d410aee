import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseContentRating } from '@playz/domain';
import { LANGUAGE_TAG } from '@playz/media';
import type { Db } from '../../db/connect';
import { bumpCatalogueVersion } from './catalogue-cache';
import { importGuide } from './import-guide';
import { importChannelList } from './import-m3u';
import { importVideo, type VideoImport } from './import-video';
import { rebuildSearchIndex } from './search.repository';

export const IMPORT_USAGE = `Usage:
  npm run import -- video <file> --title "..." --description "..." --type Film|Clip|Episode
                     [--poster <image>] [--genre <slug>] [--year <yyyy>]
                     [--list <season id> --episode <n>] [--channel <id>]
                     [--rating=TP|-10|-12|-16|-18]
                     [--audio-language <lang>] [--audio <lang>=<file>|<lang>=source:<n>]...
                     [--subtitles <lang>=<file.vtt|file.srt>]...
      --audio-language  the language of the file's own sound (fr unless told)
      --audio           another audio language: a file of its own, or the file's audio track n
                        (0 is its first), e.g. --audio en=english.m4a --audio es=source:2
      --subtitles       subtitles in a language, WebVTT or SubRip (made WebVTT), e.g. --subtitles en=en.srt
  npm run import -- xmltv <guide.xml>
  npm run import -- m3u <channels.m3u>`;

export class ImportUsageError extends Error {}

const TYPES = ['Film', 'Clip', 'Episode'] as const;

function optionalInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new ImportUsageError(`--${name} must be a whole number.`);
  return Number(value);
}

/** Parses `video <file> --title ...` into a VideoImport; usage errors say what is wrong. */
export function parseVideoArgs(args: string[]): VideoImport {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      description: { type: 'string' },
      type: { type: 'string' },
      poster: { type: 'string' },
      genre: { type: 'string' },
      year: { type: 'string' },
      list: { type: 'string' },
      episode: { type: 'string' },
      channel: { type: 'string' },
      rating: { type: 'string' },
      'audio-language': { type: 'string' },
      audio: { type: 'string', multiple: true },
      subtitles: { type: 'string', multiple: true },
    },
  });
  const [file] = positionals;
  if (!file || !values.title?.trim() || !values.type)
    throw new ImportUsageError('video needs <file>, --title and --type.');
  const type = TYPES.find((t) => t.toLowerCase() === values.type!.toLowerCase());
  if (!type) throw new ImportUsageError(`--type must be one of ${TYPES.join(', ')}.`);
  const rating = values.rating === undefined ? undefined : parseContentRating(values.rating);
  if (rating === null)
    throw new ImportUsageError('--rating must be one of TP, -10, -12, -16, -18 (written --rating=-12).');
  return {
    file,
    title: values.title.trim(),
    description: values.description?.trim() ?? '',
    type,
    poster: values.poster,
    genre: values.genre,
    year: optionalInt(values.year, 'year'),
    listId: optionalInt(values.list, 'list'),
    episodeNumber: optionalInt(values.episode, 'episode'),
    channelId: optionalInt(values.channel, 'channel'),
    ...(rating !== undefined ? { rating } : {}),
    ...parseTrackArgs(values),
  };
}

/** `<lang>=<value>`: the language checked as an RFC 5646 tag (fr, en, pt-BR). */
function languageAndValue(option: string, raw: string): { language: string; value: string } {
  const at = raw.indexOf('=');
  const language = at > 0 ? raw.slice(0, at) : '';
  const value = at > 0 ? raw.slice(at + 1) : '';
  if (!LANGUAGE_TAG.test(language) || !value)
    throw new ImportUsageError(`--${option} takes <language>=<file>, the language as fr, en or pt-BR (got "${raw}").`);
  return { language, value };
}

/** --audio-language, --audio and --subtitles (decision 068). */
export function parseTrackArgs(values: {
  'audio-language'?: string;
  audio?: string[];
  subtitles?: string[];
}): Pick<VideoImport, 'audioLanguage' | 'extraAudio' | 'subtitles'> {
  const audioLanguage = values['audio-language'];
  if (audioLanguage !== undefined && !LANGUAGE_TAG.test(audioLanguage))
    throw new ImportUsageError(`--audio-language must be a language as fr, en or pt-BR (got "${audioLanguage}").`);
  const extraAudio = (values.audio ?? []).map((raw) => {
    const { language, value } = languageAndValue('audio', raw);
    const track = /^source:(\d{1,2})$/.exec(value);
    return track ? { language, sourceTrack: Number(track[1]) } : { language, file: value };
  });
  const subtitles = (values.subtitles ?? []).map((raw) => {
    const { language, value } = languageAndValue('subtitles', raw);
    if (!/\.(vtt|srt)$/i.test(value))
      throw new ImportUsageError(`--subtitles takes a .vtt or .srt file (got "${value}").`);
    return { language, file: value };
  });
  return {
    ...(audioLanguage ? { audioLanguage } : {}),
    ...(extraAudio.length ? { extraAudio } : {}),
    ...(subtitles.length ? { subtitles } : {}),
  };
}

/**
 * Runs one import and then tells every server: the search index is rebuilt and the catalogue
 * version bumped, so in-process caches drop what they hold (decision 013).
 */
export async function runImport(
  database: Db,
  mediaRoot: string,
  argv: string[],
  opts: { ffmpegPath?: string | null; log?: (line: string) => void } = {},
): Promise<string> {
  const [kind, ...rest] = argv;
  let summary: string;
  if (kind === 'video') {
    const input = parseVideoArgs(rest);
    const { contentId } = await importVideo(database.db, mediaRoot, input, opts);
    summary = `content ${contentId} "${input.title}" imported`;
  } else if (kind === 'xmltv' || kind === 'm3u') {
    const [file] = rest;
    if (!file) throw new ImportUsageError(`${kind} needs <file>.`);
    const text = await fs.readFile(file, 'utf8');
    if (kind === 'xmltv') {
      const r = await importGuide(database.db, text);
      summary = `${r.programmes} programmes on ${r.channels.length} channels${r.unmatched.length ? `; unknown channels: ${r.unmatched.join(', ')}` : ''}`;
    } else {
      const r = await importChannelList(database.db, text);
      summary = `${r.created} channels created, ${r.updated} updated`;
    }
  } else {
    throw new ImportUsageError(kind ? `Unknown import "${kind}".` : 'What to import?');
  }
  await rebuildSearchIndex(database.db, database.dialect);
  await bumpCatalogueVersion(database.db);
  return summary;
}
