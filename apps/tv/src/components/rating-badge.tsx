import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRatingBadge, RatingBadge as SharedRatingBadge } from '@playz/ui';

/**
 * A content's age rating as the CSA pictogram (decisions 064, 082): the shared badge of
 * @playz/ui, sized for the 10-foot screen by the TV's styles, said in full in the viewer's language.
 */
export function RatingBadge({
  rating,
  className,
  id,
}: {
  rating: number | null | undefined;
  className?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const meaning = useCallback((age: number) => t('player.ratingBadge', { age }), [t]);
  return <SharedRatingBadge rating={rating} meaning={meaning} className={className} id={id} />;
}

/**
 * The rating said in words for a focusable card's description (`aria-describedby`): a card named
 * by its title says its rating after it (decision 082). A description is read from the referenced
 * element's text, not from an image's label, so the words are here, hidden from the eye.
 */
export function RatingDescription({ rating, id }: { rating: number | null | undefined; id: string }) {
  const { t } = useTranslation();
  if (!hasRatingBadge(rating)) return null;
  return (
    <span id={id} hidden>
      {t('player.ratingBadge', { age: rating })}
    </span>
  );
}
