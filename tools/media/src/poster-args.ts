import { escapeDrawtext, escapeFilterValue } from './filter-escape';
import { layoutTitle, type TitleBox } from './title-layout';

export interface PosterOptions {
  /** A still (the clip's clean poster frame) or a video, then seeked to atSec. */
  input: string;
  atSec?: number;
  title: string;
  /** Hue rotation in degrees, so titles sharing a clip do not share a look. */
  hue?: number;
  fontFile: string;
  /** 16:9, 1280x720 JPEG. */
  landscapeOut: string;
  /** 2:3, 600x900 JPEG, cut from the centre of the frame. */
  portraitOut: string;
}

const LANDSCAPE_BOX: TitleBox = { maxWidthPx: 1152, maxLines: 3, baseFontPx: 88, minFontPx: 48 };
const PORTRAIT_BOX: TitleBox = { maxWidthPx: 520, maxLines: 4, baseFontPx: 64, minFontPx: 36 };

/**
 * Darkens towards the bottom (from 35 % of the height, down to 20 % brightness) so white titles
 * read on any frame. Computed per pixel by geq; cheap for a single frame.
 */
const SHADE = '(1-0.8*clip((Y/H-0.35)/0.65,0,1))';
const shadeFilter = `format=gbrp,geq=r='r(X,Y)*${SHADE}':g='g(X,Y)*${SHADE}':b='b(X,Y)*${SHADE}'`;

function titleFilter(title: string, box: TitleBox, marginPx: number, fontFile: string): string {
  const { text, fontPx } = layoutTitle(title, box);
  return (
    `drawtext=fontfile=${escapeFilterValue(fontFile)}:expansion=none:text=${escapeDrawtext(text)}` +
    `:fontsize=${fontPx}:line_spacing=${Math.round(fontPx * 0.15)}:fontcolor=white` +
    `:shadowcolor=black@0.7:shadowx=3:shadowy=3:x=${marginPx}:y=h-text_h-${marginPx}`
  );
}

/** Both posters of a title in one run: one decode of the frame, two JPEG outputs. */
export function buildPosterArgs(o: PosterOptions): string[] {
  const graph =
    `[0:v]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,hue=h=${o.hue ?? 0},split=2[l][p];` +
    `[l]${shadeFilter},${titleFilter(o.title, LANDSCAPE_BOX, 64, o.fontFile)}[landscape];` +
    `[p]crop=480:720,scale=600:900,${shadeFilter},${titleFilter(o.title, PORTRAIT_BOX, 40, o.fontFile)}[portrait]`;
  return [
    '-y',
    ...(o.atSec === undefined ? [] : ['-ss', o.atSec.toFixed(3)]),
    ...['-i', o.input],
    '-filter_complex',
    graph,
    ...['-map', '[landscape]', '-frames:v', '1', '-q:v', '3', o.landscapeOut],
    ...['-map', '[portrait]', '-frames:v', '1', '-q:v', '3', o.portraitOut],
  ];
}
