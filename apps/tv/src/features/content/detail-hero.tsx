import type { ReactNode } from 'react';
import { RatingBadge } from '@/components/rating-badge';

/** The top of a content or series page: wide artwork fading into the page, text and actions over it. */
export function DetailHero({
  image,
  title,
  meta,
  rating,
  description,
  children,
}: {
  image: string | null;
  title: string;
  meta: readonly string[];
  /** The age rating, as the CSA badge beside the facts (decision 064). */
  rating?: number | undefined;
  description: string;
  children: ReactNode;
}) {
  return (
    <header className="detail-hero">
      {image ? <img className="detail-hero__art" src={image} alt="" /> : null}
      <div className="detail-hero__shade" />
      <div className="detail-hero__text">
        <h1 className="detail-hero__title">{title}</h1>
        {meta.length > 0 || rating ? (
          <p className="detail-hero__meta">
            <RatingBadge rating={rating} />
            {meta.join('  ·  ')}
          </p>
        ) : null}
        <p className="detail-hero__synopsis">{description}</p>
        <div className="detail-hero__actions">{children}</div>
      </div>
    </header>
  );
}
