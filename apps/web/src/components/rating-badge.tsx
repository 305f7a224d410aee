import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { RatingBadge as SharedRatingBadge } from '@playz/ui';

/**
 * A content's age rating as the CSA pictogram (decisions 064, 082): the shared badge of
 * @playz/ui, said in full in the viewer's language, which is also its tooltip on the web.
 */
export function RatingBadge({ rating, className }: { rating: number | null | undefined; className?: string }) {
  const { t } = useTranslation();
  const meaning = useCallback((age: number) => t('player.ratingBadge', { age }), [t]);
  return <SharedRatingBadge rating={rating} meaning={meaning} tooltip className={className} />;
}
