import { useCallback, useId } from 'react';
import { hasRatingBadge } from '@playz/ui';
import { useNavigate } from 'react-router';
import type { RowStyle } from '@playz/domain';
import { useTvFocusable } from '@/navigation/focusable';
import { RatingBadge, RatingDescription } from './rating-badge';
import type { Tile } from './tiles';

/**
 * A focused card: its row slides so the card is the row's first one shown (the cards before it
 * scroll off to the left), and the page brings the whole row, title included, to the top.
 * Cards of a grid (search results) only scroll as far as needed.
 */
export function revealTile(tile: HTMLElement) {
  const track = tile.parentElement;
  const row = tile.closest<HTMLElement>('.tile-row');
  if (!track || !row || track.classList.contains('tile-row__track--wrap')) {
    tile.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
    return;
  }
  const padding = parseFloat(getComputedStyle(track).paddingLeft) || 0;
  track.scrollTo?.({ left: Math.max(0, tile.offsetLeft - padding), behavior: 'smooth' });
  row.scrollIntoView({ block: 'start', inline: 'nearest', behavior: 'smooth' });
}

/**
 * A poster or landscape card. `showImage` false keeps the card but not its picture: the
 * low-memory page only keeps the pictures of the rows near the focus (decision 035).
 */
export function TileCard({
  tile,
  focusKey,
  style,
  showImage,
  onFocus,
  onBlur,
  onSelect,
}: {
  tile: Tile;
  focusKey: string;
  style: RowStyle;
  showImage: boolean;
  onFocus?: (tile: Tile) => void;
  onBlur?: ((tile: Tile) => void) | undefined;
  onSelect?: ((tile: Tile) => void) | undefined;
}) {
  const navigate = useNavigate();
  const open = useCallback(() => (onSelect ? onSelect(tile) : void navigate(tile.to)), [navigate, onSelect, tile]);
  const focusTile = useCallback(() => onFocus?.(tile), [onFocus, tile]);
  const blurTile = useCallback(() => onBlur?.(tile), [onBlur, tile]);
  const { ref, focused } = useTvFocusable<HTMLDivElement>({
    focusKey,
    onSelect: open,
    onFocus: focusTile,
    onBlur: blurTile,
    reveal: revealTile,
  });
  const portrait = style === 'Portrait';
  const image = portrait ? (tile.portrait ?? tile.landscape) : (tile.landscape ?? tile.portrait);
  // The card is named by its title; its rating is said after it, as its description (decision 082).
  const ratingId = useId();
  const rated = hasRatingBadge(tile.rating);
  const badge = <RatingBadge rating={tile.rating} className="tile__rating" />;
  const rounded = style === 'Rounded';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="link"
      aria-label={tile.title}
      aria-describedby={rated ? ratingId : undefined}
      data-focused={focused || undefined}
      className={`tile tile--${portrait ? 'portrait' : style === 'Rounded' ? 'rounded' : 'landscape'}`}
    >
      <div className="tile__art">
        {showImage && image ? <img src={image} alt="" loading="lazy" decoding="async" /> : null}
        {!image || !showImage ? <span className="tile__fallback">{tile.title}</span> : null}
        {/* In the artwork's corner; a channel's round logo has none, so it follows the caption. */}
        {rounded ? null : badge}
        {tile.progress !== null ? (
          <span className="tile__progress">
            <span style={{ width: `${Math.min(100, Math.max(0, tile.progress))}%` }} />
          </span>
        ) : null}
      </div>
      <div className="tile__caption">
        <span className="tile__title">{tile.title}</span>
        {tile.subtitle ? <span className="tile__subtitle">{tile.subtitle}</span> : null}
        {rounded ? badge : null}
      </div>
      <RatingDescription rating={tile.rating} id={ratingId} />
    </div>
  );
}
