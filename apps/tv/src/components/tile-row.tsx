import type { Tile, TvRow } from './tiles';
import { TileCard } from './tile-card';
import { FocusSection } from '@/navigation/focusable';

/** One titled row of cards; left and right move along it, up and down go to the next rows. */
export function TileRow({
  row,
  focusKeyPrefix,
  showImages,
  onFocusTile,
  onBlurTile,
  onSelectTile,
  wrap = false,
}: {
  row: TvRow;
  /** A grid of several lines (search results, favourites) rather than one sliding line. */
  wrap?: boolean;
  focusKeyPrefix: string;
  showImages: boolean;
  onFocusTile?: (tile: Tile) => void;
  onBlurTile?: ((tile: Tile) => void) | undefined;
  /** OK on a card, in place of opening its `to` (a card that plays: its opening first). */
  onSelectTile?: ((tile: Tile) => void) | undefined;
}) {
  return (
    <section className="tile-row" aria-label={row.title}>
      <h2 className="tile-row__title">{row.title}</h2>
      <FocusSection
        focusKey={`${focusKeyPrefix}-row`}
        className={`tile-row__track${wrap ? ' tile-row__track--wrap' : ''}`}
      >
        {row.tiles.map((tile) => (
          // Keyed by the focus key: norigin reads a focus key once, so a new key is a new card.
          <TileCard
            key={tileFocusKey(focusKeyPrefix, tile)}
            tile={tile}
            focusKey={tileFocusKey(focusKeyPrefix, tile)}
            style={row.style}
            showImage={showImages}
            onFocus={onFocusTile}
            onBlur={onBlurTile}
            onSelect={onSelectTile}
          />
        ))}
      </FocusSection>
    </section>
  );
}

export function tileFocusKey(prefix: string, tile: Pick<Tile, 'key'>): string {
  return `${prefix}-${tile.key}`;
}
