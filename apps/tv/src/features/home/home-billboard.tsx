import type { Tile } from '@/components/tiles';

/** The focused card, large: artwork, title and synopsis (the 10-foot "billboard"). */
export function HomeBillboard({ tile, showImage }: { tile: Tile; showImage: boolean }) {
  const image = tile.backdrop ?? tile.landscape;
  return (
    <header className="billboard" aria-live="polite">
      {showImage && image ? <img className="billboard__art" src={image} alt="" /> : null}
      <div className="billboard__shade" />
      <div className="billboard__text">
        <h1 className="billboard__title">{tile.title}</h1>
        {tile.subtitle ? <p className="billboard__meta">{tile.subtitle}</p> : null}
        <p className="billboard__synopsis">{tile.description}</p>
      </div>
    </header>
  );
}
