import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { RatingBadge } from '@/components/rating-badge';
import type { SearchItem } from '../api/search-items';

/** One ranked result: its artwork (a logo for channels), a type badge, its title and subtitle. */
export function SearchResultCard({ item }: { item: SearchItem }) {
  const { t } = useTranslation();
  const isChannel = item.kind === 'Channel';
  const artwork = isChannel ? (item.logo ?? item.landscape) : (item.landscape ?? item.portrait);
  const kind = t(`search.types.${item.kind}`);
  return (
    <Link className={`result-card${isChannel ? ' result-card--channel' : ''}`} to={item.href}>
      <span className="result-card__frame">
        {artwork ? (
          <img className="result-card__image" src={artwork} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="result-card__fallback" aria-hidden="true">
            {item.title.slice(0, 1)}
          </span>
        )}
        <span className="result-card__badge">{kind}</span>
      </span>
      {/* Spaces between the parts: the link's accessible name reads "Film Le Ciel en feu 2025", not run together. */}{' '}
      <span className="result-card__caption">
        <span className="result-card__title">{item.title}</span>
        {item.subtitle ? ' ' : null}
        {item.subtitle ? <span className="result-card__subtitle">{item.subtitle}</span> : null}
      </span>
      {/* Named after the title, drawn in the artwork's corner (decision 082). */}
      {item.rating ? ' ' : null}
      <RatingBadge rating={item.rating} className="result-card__rating" />
    </Link>
  );
}

export function SearchResultPlaceholder() {
  return (
    <span className="result-card result-card--placeholder" aria-hidden="true">
      <span className="result-card__frame skeleton" />
      <span className="result-card__caption">
        <span className="skeleton skeleton--line" />
      </span>
    </span>
  );
}
