/**
 * Audio languages and WebVTT subtitles in the CMAF ladder (decision 068). The dash muxer writes
 * the audio adaptation sets and playlists; this adds what it leaves out (each language's name,
 * the default, the subtitles of both the MPD and the HLS multivariant playlist). Pure text.
 *
 * Representation ids: the video renditions 0..v-1, the audio languages v..v+a-1, then the
 * subtitles v+a..; a subtitle's HLS media playlist is `media_<id>.m3u8` like the others, so it
 * is a finished clip's static playlist under the segments grant (decision 042) with no new rule.
 */

/** A language of a packaged clip as clip.json lists it. */
export interface ClipAudioTrack {
  id: number;
  /** RFC 5646 tag: fr, en, nl-BE. */
  language: string;
  /** Its name in its own language (Français, English), as the player's menu shows it. */
  label: string;
}

export interface ClipSubtitleTrack extends ClipAudioTrack {
  /** The WebVTT file, relative to the media root like every clip path. */
  path: string;
}

export const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/** The language's own name, capitalised: fr → Français, en → English, nl → Nederlands. */
export function languageLabel(language: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
  } catch {
    name = undefined;
  }
  if (!name || name === language) return language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** Subtitle WebVTT file of representation `id`, beside the segments. */
export const subtitleFileName = (id: number) => `subtitles-stream${id}.vtt`;
export const mediaPlaylistName = (id: number) => `media_${id}.m3u8`;

/** Group ids written into the multivariant playlist. */
export const HLS_SUBTITLE_GROUP = 'subs';

/** Quoted-string attribute values may hold neither a quote nor a line break (RFC 8216 §4.2). */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

function attributesOf(line: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const list = line.slice(line.indexOf(':') + 1);
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) attributes.set(match[1]!, match[2]!);
  return attributes;
}

/**
 * The dash muxer's multivariant playlist with each audio rendition named and tagged with its
 * language (it writes `NAME="audio_3"` and no LANGUAGE), the first the default, and a SUBTITLES
 * group that every variant names.
 */
export function addTracksToHlsMaster(
  master: string,
  audio: readonly ClipAudioTrack[],
  subtitles: readonly ClipSubtitleTrack[],
): string {
  const byPlaylist = new Map(audio.map((track, i) => [mediaPlaylistName(track.id), { track, i }]));
  const lines = master.split('\n');
  const out: string[] = [];
  let subtitlesWritten = subtitles.length === 0;
  const writeSubtitles = () => {
    if (subtitlesWritten) return;
    subtitlesWritten = true;
    for (const track of subtitles) {
      out.push(
        `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${HLS_SUBTITLE_GROUP}",NAME=${quoted(track.label)},` +
          `LANGUAGE=${quoted(track.language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${mediaPlaylistName(track.id)}"`,
      );
    }
  };
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=AUDIO')) {
      const attributes = attributesOf(line);
      const uri = attributes.get('URI')?.replace(/^"|"$/g, '') ?? '';
      const known = byPlaylist.get(uri);
      if (known) {
        const parts = [
          'TYPE=AUDIO',
          `GROUP-ID=${attributes.get('GROUP-ID') ?? '"audio"'}`,
          `NAME=${quoted(known.track.label)}`,
          `LANGUAGE=${quoted(known.track.language)}`,
          `DEFAULT=${known.i === 0 ? 'YES' : 'NO'}`,
          'AUTOSELECT=YES',
          ...(attributes.has('CHANNELS') ? [`CHANNELS=${attributes.get('CHANNELS')}`] : []),
          `URI="${uri}"`,
        ];
        out.push(`#EXT-X-MEDIA:${parts.join(',')}`);
        continue;
      }
    }
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      writeSubtitles();
      out.push(subtitles.length && !line.includes('SUBTITLES=') ? `${line},SUBTITLES="${HLS_SUBTITLE_GROUP}"` : line);
      continue;
    }
    out.push(line);
  }
  writeSubtitles();
  return out.join('\n');
}

/**
 * A subtitle's HLS media playlist: its whole WebVTT file as one segment. Cue times are the
 * film's own (no X-TIMESTAMP-MAP: the fMP4 segments start at 0, so a player aligns them so).
 */
export function buildSubtitlePlaylist(vttName: string, durationSec: number): string {
  const seconds = Math.max(0.001, durationSec);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    // RFC 8216 §4.3.3.1: every EXTINF rounded must be at most the target.
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.round(seconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    vttName,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const DASH_ROLE = 'urn:mpeg:dash:role:2011';

/**
 * The dash muxer's MPD with each audio adaptation set tagged (lang, a Label with its name, the
 * first one's Role "main", which players take when the viewer has no preference) and a text
 * adaptation set per subtitle, its WebVTT file as the representation's BaseURL.
 */
export function addTracksToMpd(
  mpd: string,
  audio: readonly ClipAudioTrack[],
  subtitles: readonly ClipSubtitleTrack[],
): string {
  let audioIndex = 0;
  let text = mpd.replace(/<AdaptationSet\b([^>]*)>/g, (tag, attributes: string) => {
    if (!/contentType="audio"/.test(attributes)) return tag;
    const track = audio[audioIndex++];
    if (!track) return tag;
    const withLang = /\slang="[^"]*"/.test(attributes)
      ? attributes.replace(/\slang="[^"]*"/, ` lang="${xml(track.language)}"`)
      : `${attributes} lang="${xml(track.language)}"`;
    const role = audioIndex === 1 ? `\n\t\t\t<Role schemeIdUri="${DASH_ROLE}" value="main"/>` : '';
    return `<AdaptationSet${withLang}>${role}\n\t\t\t<Label>${xml(track.label)}</Label>`;
  });
  if (subtitles.length) {
    const setIds = [...text.matchAll(/<AdaptationSet\b[^>]*\sid="(\d+)"/g)].map((m) => Number(m[1]));
    let nextSet = Math.max(-1, ...setIds) + 1;
    const sets = subtitles.map(
      (track) =>
        `\t\t<AdaptationSet id="${nextSet++}" contentType="text" mimeType="text/vtt" lang="${xml(track.language)}">\n` +
        `\t\t\t<Role schemeIdUri="${DASH_ROLE}" value="subtitle"/>\n` +
        `\t\t\t<Label>${xml(track.label)}</Label>\n` +
        `\t\t\t<Representation id="${track.id}" mimeType="text/vtt" bandwidth="256">\n` +
        `\t\t\t\t<BaseURL>${subtitleFileName(track.id)}</BaseURL>\n` +
        `\t\t\t</Representation>\n` +
        `\t\t</AdaptationSet>\n`,
    );
    const end = text.lastIndexOf('</Period>');
    const lineStart = text.lastIndexOf('\n', end) + 1;
    if (end >= 0) text = `${text.slice(0, lineStart)}${sets.join('')}${text.slice(lineStart)}`;
  }
  return text;
}

/**
 * ffmpeg turns a subtitle file (SubRip, WebVTT, or any it reads) into WebVTT. `charset` is the
 * file's encoding when it is not UTF-8 (many SubRip files are Windows-1252).
 */
export function buildSubtitleArgs(o: { input: string; out: string; charset?: string | null }): string[] {
  return [
    '-y',
    ...(o.charset ? ['-sub_charenc', o.charset] : []),
    ...['-i', o.input],
    ...['-map', '0:s:0', '-c:s', 'webvtt', '-f', 'webvtt'],
    o.out,
  ];
}

/** UTF-8 when the bytes are, else Windows-1252 (what a SubRip file from a French PC usually is). */
export function subtitleCharset(bytes: Uint8Array): 'UTF-8' | 'CP1252' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'UTF-8';
  } catch {
    return 'CP1252';
  }
}

/**
 * The multivariant playlist with its subtitles replaced by `subtitles` (decision 114: a subtitle
 * added or removed from the console): the SUBTITLES renditions and the variants' group named
 * again, the audio renditions untouched.
 */
export function replaceHlsSubtitles(master: string, subtitles: readonly ClipSubtitleTrack[]): string {
  const clear = master
    .split('\n')
    .filter((line) => !(line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=SUBTITLES')))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(/,SUBTITLES="[^"]*"/, '') : line))
    .join('\n');
  return addTracksToHlsMaster(clear, [], subtitles);
}

/** The MPD with its text adaptation sets replaced by `subtitles` (decision 114); audio untouched. */
export function replaceMpdSubtitles(mpd: string, subtitles: readonly ClipSubtitleTrack[]): string {
  const clear = mpd.replace(/[ \t]*<AdaptationSet\b[^>]*contentType="text"[^>]*>[\s\S]*?<\/AdaptationSet>\n?/g, '');
  return addTracksToMpd(clear, [], subtitles);
}
