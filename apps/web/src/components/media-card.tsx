import { Link } from 'react-router';
import type { RowStyle } from '@playz/domain';
import type { CardItem } from '@/lib/catalogue-links';
import { RatingBadge } from './rating-badge';

/** Which artwork a card style shows: 2:3 for Portrait, the logo for Rounded, 16:9 otherwise. */
function artworkFor(item: CardItem, style: RowStyle): string | null {
  if (style === 'Portrait') return item.portrait ?? item.landscape;
  if (style === 'Rounded') return item.logo ?? item.landscape ?? item.portrait;
  return item.landscape ?? item.portrait;
}

/**
 * A card links to its item. Its accessible name comes from the visible caption (title, then
 * subtitle) so that it contains what is shown (WCAG 2.5.3, decision 021).
 */
export function MediaCard({ item, style, eager = false }: { item: CardItem; style: RowStyle; eager?: boolean }) {
  const artwork = artworkFor(item, style);
  const hasProgress = item.progress !== null && item.progress !== undefined;
  const progress = hasProgress ? Math.round(Math.min(100, Math.max(0, item.progress ?? 0))) : 0;
  return (
    <Link className={`card card--${style.toLowerCase()}`} to={item.href}>
      <span className="card__frame">
        {item.tile ? (
          // A category or a collection has no artwork: its name is set on a tile (decision 060), and
          // the caption under it says only what it is, so the name is shown (and read) once.
          <span className={`card__tile card__tile--${item.tile}`}>{item.title}</span>
        ) : artwork ? (
          <img
            className="card__image"
            src={artwork}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
          />
        ) : (
          <span className="card__fallback" aria-hidden="true">
            {item.title.slice(0, 1)}
          </span>
        )}
        {hasProgress ? (
          <span
            className="card__progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label={`${progress} %`}
          >
            <span className="card__progress-bar" style={{ width: `${progress}%` }} />
          </span>
        ) : null}
      </span>
      {/* Keeps "Documentaire Catégorie" apart in a tile card's accessible name. */}
      {item.tile ? ' ' : null}
      <span className="card__caption">
        {item.tile ? null : <span className="card__title">{item.title}</span>}
        {/* The space keeps "Title 2024" apart in the accessible name; the caption lays out as blocks. */}
        {item.subtitle && !item.tile ? ' ' : null}
        {item.subtitle ? <span className="card__subtitle">{item.subtitle}</span> : null}
      </span>
      {/* After the caption, so the card is named by its title first ("Title 2024 Déconseillé aux
          moins de 16 ans", WCAG 2.5.3); drawn in the artwork's corner (decision 082). */}
      {item.rating ? ' ' : null}
      <RatingBadge rating={item.rating} className="card__rating" />
    </Link>
  );
}

export function MediaCardPlaceholder({ style }: { style: RowStyle }) {
  return (
    <span className={`card card--${style.toLowerCase()} card--placeholder`} aria-hidden="true">
      <span className="card__frame skeleton" />
      <span className="card__caption">
        <span className="skeleton skeleton--line" />
      </span>
    </span>
  );
}
