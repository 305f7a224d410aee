import type { DemoPattern } from './demo-pattern';
import { DEFAULT_FPS, DEFAULT_RENDITIONS, DEFAULT_SEGMENT_SEC, type Rendition } from './ladder-args';
import type { ClipAudioTrack, ClipSubtitleTrack } from './tracks';

/** A packaged demo clip as written to clips/<key>/clip.json. Paths are relative to mediaRoot. */
export interface DemoClip {
  key: string;
  title: string;
  durationSec: number;
  width: number;
  height: number;
  renditions: { height: number; width: number; bandwidth: number }[];
  hlsPath: string;
  dashPath: string;
  thumbnails: { percent: number; timeSec: number; path: string }[];
  /** Landscape 16:9 poster with the clip's title. */
  posterPath: string;
  portraitPath: string;
  previewPath: string;
  /** The clean frame (no text) that renderTitleArtwork draws other titles on. */
  posterFramePath: string;
  /**
   * Its audio languages in ladder order, the first the default (decision 068). Absent in clips
   * made before languages: one audio track, in French.
   */
  audio?: ClipAudioTrack[];
  /** Its WebVTT subtitles (decision 068); absent or empty when it has none. */
  subtitles?: ClipSubtitleTrack[];
  /** An encrypted copy (CENC, cenc/cenc.ts): the key id, hex; the key never sits beside it. */
  protection?: { scheme: 'cenc'; kid: string };
}

export interface DemoClipSpec {
  key: string;
  title: string;
  subtitle?: string;
  pattern: DemoPattern;
  hue?: number;
  toneHz: number;
  durationSec: number;
  width: number;
  height: number;
  fps: number;
  renditions: readonly Rendition[];
  segmentSec: number;
  /**
   * Audio languages, the first being the tone of toneHz; each further one a tone of its own.
   * One French track when left out.
   */
  audio?: readonly { language: string; toneHz: number }[];
  /** Subtitle languages, from demo-subtitles.ts. */
  subtitles?: readonly string[];
}

const common = {
  // 10 segments of 3.2 s: long enough for seeking, preview limits and live schedules to be seen.
  durationSec: 32,
  // 720p, not 1080p: the mezzanine's drawtext and the ladder's top rung dominate the build time.
  width: 1280,
  height: 720,
  fps: DEFAULT_FPS,
  segmentSec: DEFAULT_SEGMENT_SEC,
  renditions: DEFAULT_RENDITIONS,
} as const;

/**
 * The titles' clips speak French and English and have subtitles in both (decision 068): every
 * demo title then shows the language menus. The English track is a tone a fifth higher.
 */
const languages = (toneHz: number) => ({
  audio: [
    { language: 'fr', toneHz },
    { language: 'en', toneHz: Math.round(toneHz * 1.5) },
  ],
  subtitles: ['fr', 'en'],
});

export const DEMO_CLIP_SPECS: readonly DemoClipSpec[] = [
  {
    ...common,
    key: 'aurora',
    title: 'Aurore',
    subtitle: 'Démo Playz',
    pattern: 'aurora',
    toneHz: 440,
    ...languages(440),
  },
  { ...common, key: 'city', title: 'Ville', subtitle: 'Démo Playz', pattern: 'city', toneHz: 523, ...languages(523) },
  { ...common, key: 'ocean', title: 'Océan', subtitle: 'Démo Playz', pattern: 'ocean', toneHz: 659, ...languages(659) },
  {
    ...common,
    key: 'cartoon',
    title: 'Dessin animé',
    subtitle: 'Démo Playz',
    pattern: 'cartoon',
    toneHz: 784,
    ...languages(784),
  },
  // Live channels show it in guide gaps and after a programme shorter than its slot: the same
  // ladder as every clip, so the channel's renditions never change (docs/decisions/022).
  { ...common, key: 'slate', title: 'À suivre', subtitle: 'Playz', pattern: 'slate', toneHz: 220 },
];

/** Seek-bar thumbnails at every 10 % (0 % to 90 %), as the player expects. */
export const THUMBNAIL_PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90] as const;
