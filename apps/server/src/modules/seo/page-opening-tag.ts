import type { PageOpening } from '../playback/page-opening';
import { escapeHtml } from './html-head';

/**
 * A page opening's element (decision 045): a plain <video> the browser starts on its own while
 * the app's code loads (no script: the CSP allows none inline). It sits where the player page's
 * stage will be (`.opening-launched`, the class a launched opening plays under, decision 044),
 * from the viewer's start (a media fragment, relative to the stream's own start). The app's
 * player page takes over from it (@playz/player page-opening.ts). Out of the accessibility tree:
 * the player, which follows within the second, is what a screen reader meets.
 */
export function pageOpeningTag(opening: PageOpening): string {
  const from = opening.start - opening.offset;
  const src = `${opening.url}${from > 0 ? `#t=${from.toFixed(3)}` : ''}`;
  const attributes = [
    'class="opening-launched"',
    `data-page-opening="${escapeHtml(opening.key)}"`,
    `data-offset="${opening.offset}"`,
    `src="${escapeHtml(src)}"`,
    'autoplay',
    'playsinline',
    'preload="auto"',
    'aria-hidden="true"',
    'tabindex="-1"',
  ];
  return `    <video ${attributes.join(' ')}></video>\n`;
}
