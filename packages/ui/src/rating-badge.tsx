import { ALL_AUDIENCES, contentRatingLabel, isContentRating } from '@playz/domain';

/**
 * An age rating as the CSA pictogram shows it on French television: a small rounded badge "-12"
 * (decisions 064, 082), on the web and the TV alike. Tous publics, unrated and off-scale values
 * have none, as on television. It is an image for assistive technologies, named by `meaning`
 * ("Déconseillé aux moins de 12 ans", given by the app in the viewer's language), which is also its
 * tooltip where `tooltip` is set (a pointer can hover it on the web, not on a TV).
 */
export function RatingBadge({
  rating,
  meaning,
  tooltip = false,
  className,
  id,
}: {
  rating: number | null | undefined;
  meaning: (age: number) => string;
  tooltip?: boolean;
  /** Where it sits (a card's corner, a guide's line): the app's own class beside `rating-badge`. */
  className?: string | undefined;
  id?: string | undefined;
}) {
  if (rating === null || rating === undefined || !isContentRating(rating) || rating === ALL_AUDIENCES) return null;
  const label = meaning(rating);
  return (
    <span
      id={id}
      className={`rating-badge rating-badge--${rating}${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={label}
      title={tooltip ? label : undefined}
    >
      {contentRatingLabel(rating)}
    </span>
  );
}

/** Whether a rating shows a badge (a card that says its rating in its name asks first). */
export function hasRatingBadge(rating: number | null | undefined): rating is number {
  return rating !== null && rating !== undefined && isContentRating(rating) && rating !== ALL_AUDIENCES;
}
