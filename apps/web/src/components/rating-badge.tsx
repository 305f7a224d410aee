import { useTranslation } from 'react-i18next';
import { ALL_AUDIENCES, contentRatingLabel, isContentRating } from '@playz/domain';

/**
 * A content's age rating as the CSA pictogram shows it on French television: a small rounded badge
 * "-12" (decision 064). Tous publics has none, as on television. Said in full for a screen reader.
 */
export function RatingBadge({ rating }: { rating: number | undefined }) {
  const { t } = useTranslation();
  if (rating === undefined || !isContentRating(rating) || rating === ALL_AUDIENCES) return null;
  const meaning = t('player.ratingBadge', { age: rating });
  return (
    <span className={`rating-badge rating-badge--${rating}`} role="img" aria-label={meaning} title={meaning}>
      {contentRatingLabel(rating)}
    </span>
  );
}
