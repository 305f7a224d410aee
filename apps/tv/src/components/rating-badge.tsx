import { useTranslation } from 'react-i18next';
import { ALL_AUDIENCES, contentRatingLabel, isContentRating } from '@playz/domain';

/**
 * A content's age rating as the CSA pictogram shows it on French television: a rounded badge
 * "-12" (decision 064), sized for the 10-foot screen. Tous publics has none, as on television.
 */
export function RatingBadge({ rating }: { rating: number | undefined }) {
  const { t } = useTranslation();
  if (rating === undefined || !isContentRating(rating) || rating === ALL_AUDIENCES) return null;
  return (
    <span className="rating-badge" role="img" aria-label={t('player.ratingBadge', { age: rating })}>
      {contentRatingLabel(rating)}
    </span>
  );
}
