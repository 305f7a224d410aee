/**
 * A VOD's manifests as served: the files the pipeline wrote, with their segment URLs pointing at
 * a short `segments` grant (segment-grants.ts). Pure text functions, tested on exact text.
 */

/**
 * HLS playlist: every relative URI line and URI="..." attribute gets the segment folder URL. A
 * media playlist's segments, or a finished clip's multivariant playlist's media playlists.
 */
export function rewriteHlsMediaPlaylist(text: string, segmentBase: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#')) return line.replace(/URI="([^"/]+)"/, (_, uri: string) => `URI="${segmentBase}${uri}"`);
      return line.trim() && !line.includes('/') ? `${segmentBase}${line.trim()}` : line;
    })
    .join('\n');
}

/**
 * HLS media playlist of a preview: only its first `segments` segments, then the end. A client
 * sees nothing past the preview, and the segment grant refuses the rest anyway.
 */
export function truncateHlsMediaPlaylist(text: string, segments: number): string {
  const out: string[] = [];
  let kept = 0;
  for (const line of text.split('\n')) {
    if (line === '#EXT-X-ENDLIST') break;
    if (line.startsWith('#EXTINF') && kept === segments) break;
    out.push(line);
    if (line.trim() && !line.startsWith('#')) kept++;
  }
  return `${out.join('\n').trimEnd()}\n#EXT-X-ENDLIST\n`;
}

/** DASH MPD: one BaseURL before the first period, so every template resolves under the grant. */
export function addMpdBaseUrl(text: string, segmentBase: string): string {
  const at = text.indexOf('<Period');
  if (at < 0) return text;
  return `${text.slice(0, at)}<BaseURL>${segmentBase}</BaseURL>\n\t${text.slice(at)}`;
}

/** DASH MPD of a preview: the presentation ends after the preview. */
export function limitMpdDuration(text: string, seconds: number): string {
  return text.replace(/mediaPresentationDuration="[^"]*"/, `mediaPresentationDuration="PT${seconds}S"`);
}

/** Seconds of an ISO 8601 duration as ffmpeg writes them (PT1H2M3.4S), null when unreadable. */
export function isoDurationSeconds(value: string): number | null {
  const match = /^PT(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value);
  if (!match || value === 'PT') return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/**
 * DASH MPD: every `SegmentTemplate@duration` becomes a `SegmentTimeline` over the presentation's
 * duration (decision 022). Shaka 5.2 looks a @duration segment up by time in floating point and
 * misses some boundaries of 3.2 s segments (the video then stops after a quality switch); a
 * timeline's starts and ends are the same integers, so every boundary is found. Run after
 * limitMpdDuration: a preview's timeline ends with the preview.
 */
export function durationTemplatesToTimeline(text: string): string {
  const total = /mediaPresentationDuration="([^"]*)"/.exec(text);
  const seconds = total ? isoDurationSeconds(total[1]!) : null;
  if (seconds === null || seconds <= 0) return text;
  return text.replace(/<SegmentTemplate\b([^>]*?)(\/?)>/g, (tag, attributes: string, selfClosing: string) => {
    const duration = /\sduration="(\d+)"/.exec(attributes);
    if (!duration) return tag;
    const timescale = Number(/\stimescale="(\d+)"/.exec(attributes)?.[1] ?? 1);
    const step = Number(duration[1]);
    const length = Math.round(seconds * timescale);
    const count = Math.ceil(length / step);
    const last = length - (count - 1) * step;
    const entries =
      last === step
        ? `<S t="0" d="${step}"${count > 1 ? ` r="${count - 1}"` : ''}/>`
        : `${count > 1 ? `<S t="0" d="${step}"${count > 2 ? ` r="${count - 2}"` : ''}/>` : ''}<S${count > 1 ? '' : ' t="0"'} d="${last}"/>`;
    const opening = `<SegmentTemplate${attributes.replace(duration[0], '')}>`;
    const timeline = `<SegmentTimeline>${entries}</SegmentTimeline>`;
    return selfClosing ? `${opening}${timeline}</SegmentTemplate>` : `${opening}${timeline}`;
  });
}

/** A `SegmentTemplate` file name for one representation and segment number ($Number%05d$ as ffmpeg writes it). */
function templateFile(template: string, representationId: string, number: number): string | null {
  const file = template
    .replaceAll('$RepresentationID$', representationId)
    .replace(/\$Number(?:%0(\d+)d)?\$/g, (_, width: string | undefined) =>
      String(number).padStart(Number(width ?? 0), '0'),
    );
  // Another identifier ($Time$, $Bandwidth$…) or a path: not a name this reading can make.
  return /^[\w.-]+$/.test(file) ? file : null;
}

/** One track's first two files in a finished clip's MPD, with its type as MSE takes it. */
export interface FirstTrackFiles {
  kind: 'video' | 'audio';
  /**
   * `video/mp4; codecs="avc1.4d4015"`: what `MediaSource.addSourceBuffer` takes; null when the MPD
   * does not say (the files are still preloaded, decision 137's stand-in needs it).
   */
  mime: string | null;
  init: string;
  media: string;
}

/**
 * The first files Shaka fetches from a finished clip's MPD at `segmentNumber` (decision 127): the
 * init and media segment of the video's lowest rendition (Shaka starts from decision 033's
 * 500 kbit/s estimate, network information off, so the ladder's lowest: decision 120's addendum)
 * and of the audio it picks with no language preferred (the set whose role is `main`, else the
 * first), each its set's lowest, with each rendition's type and codecs (decision 137's stand-in
 * appends them itself). Only `SegmentTemplate`s of number-named files are read;
 * an MPD of another shape gives none, and the player fetches them itself as before.
 */
export function dashFirstTracks(text: string, segmentNumber: number): FirstTrackFiles[] {
  const attribute = (name: string, ...places: string[]) =>
    places.map((place) => new RegExp(`\\s${name}="([^"]+)"`).exec(place)?.[1]).find(Boolean);
  const sets = [...text.matchAll(/<AdaptationSet\b([^>]*)>([\s\S]*?)<\/AdaptationSet>/g)].map(
    ([, attributes, body]) => ({
      type: /\scontentType="(\w+)"/.exec(attributes!)?.[1] ?? /\smimeType="(\w+)\//.exec(body!)?.[1] ?? '',
      main: /<Role\b[^>]*\svalue="main"/.test(body!),
      attributes: attributes!,
      body: body!,
    }),
  );
  const lowest = (set: (typeof sets)[number], kind: FirstTrackFiles['kind']): FirstTrackFiles | null => {
    const representations = [...set.body.matchAll(/<Representation\b([^>]*)>([\s\S]*?)<\/Representation>/g)].map(
      ([, attributes, inner]) => ({
        id: /\sid="([^"]+)"/.exec(attributes!)?.[1],
        bandwidth: Number(/\sbandwidth="(\d+)"/.exec(attributes!)?.[1] ?? Number.NaN),
        mimeType: attribute('mimeType', attributes!, set.attributes),
        codecs: attribute('codecs', attributes!, set.attributes),
        template: /<SegmentTemplate\b([^>]*)>/.exec(inner!)?.[1] ?? /<SegmentTemplate\b([^>]*)>/.exec(set.body)?.[1],
      }),
    );
    const chosen = representations
      .filter((r) => r.id && Number.isFinite(r.bandwidth))
      .sort((a, b) => a.bandwidth - b.bandwidth)[0];
    const initialization = chosen?.template && /\sinitialization="([^"]+)"/.exec(chosen.template)?.[1];
    const media = chosen?.template && /\smedia="([^"]+)"/.exec(chosen.template)?.[1];
    if (!chosen?.id || !initialization || !media) return null;
    const init = templateFile(initialization, chosen.id, segmentNumber);
    const first = templateFile(media, chosen.id, segmentNumber);
    if (init === null || first === null) return null;
    // Written into a type MSE parses: only plain tokens, whatever the MPD holds.
    const typed = /^[\w.-]+\/[\w.+-]+$/.test(chosen.mimeType ?? '') && /^[\w.,+-]+$/.test(chosen.codecs ?? '');
    return { kind, mime: typed ? `${chosen.mimeType}; codecs="${chosen.codecs}"` : null, init, media: first };
  };
  const video = sets.find((set) => set.type === 'video');
  const audios = sets.filter((set) => set.type === 'audio');
  const audio = audios.find((set) => set.main) ?? audios[0];
  const videoTrack = video && lowest(video, 'video');
  // Both or none: a preload the player does not use is a wasted download.
  if (!videoTrack) return [];
  if (!audio) return [videoTrack];
  const audioTrack = lowest(audio, 'audio');
  return audioTrack ? [videoTrack, audioTrack] : [];
}

/** `dashFirstTracks`' files, in the order the page preloads them (decision 127). */
export function dashFirstSegmentFiles(text: string, segmentNumber: number): string[] {
  return dashFirstTracks(text, segmentNumber).flatMap((track) => [track.init, track.media]);
}
