/**
 * The demo clips' subtitles (decision 068): a few lines per language, written as SubRip, the
 * format operators most often bring, so the demo goes through the same conversion to WebVTT as an
 * import. Each cue names its language and the second it starts, so a test or a viewer sees at
 * once which track is on and that it is in time with the burned-in timecode.
 */

const LINES: Record<string, readonly string[]> = {
  fr: [
    'Bienvenue sur Playz.',
    'Ces sous-titres sont en français.',
    'Le chronomètre en bas à gauche suit la vidéo.',
    'Chaque bip marque une seconde.',
    'Bonne soirée devant Playz !',
  ],
  en: [
    'Welcome to Playz.',
    'These subtitles are in English.',
    'The timer at the bottom left follows the video.',
    'Each beep marks one second.',
    'Enjoy your evening with Playz!',
  ],
};

export const DEMO_SUBTITLE_LANGUAGES = Object.keys(LINES);

/** Seconds between cue starts; each cue stays on screen for CUE_SEC. */
const CUE_EVERY_SEC = 4;
const CUE_SEC = 3;

const srtTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
};

/** SubRip text of the demo subtitles in `language` for a clip of `durationSec`. */
export function demoSubtitlesSrt(language: string, title: string, durationSec: number): string {
  const lines = LINES[language];
  if (!lines) throw new Error(`no demo subtitles in ${language}`);
  const cues: string[] = [];
  // The last cue is cut at the clip's end; none starts in its last second.
  for (let start = 0, n = 0; start < durationSec - 1; start += CUE_EVERY_SEC, n++) {
    const text = n === 0 ? `${title} — ${lines[0]}` : lines[n % lines.length]!;
    const end = Math.min(start + CUE_SEC, durationSec);
    cues.push(`${n + 1}\n${srtTime(start)} --> ${srtTime(end)}\n[${language.toUpperCase()} ${start}s] ${text}\n`);
  }
  return cues.join('\n');
}
