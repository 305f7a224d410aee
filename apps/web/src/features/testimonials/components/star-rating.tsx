import { useTranslation } from '@/lib/use-translation';
import { StarIcon } from '@/components/icons';

/** Stars drawn for the eye; one image with a spoken label ("Note : 5 sur 5") for screen readers. */
export function StarRating({ rating, max }: { rating: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('testimonials.rating', { rating, max })}>
      {Array.from({ length: max }, (_, index) => (
        <StarIcon key={index} size={18} className={index < rating ? 'stars__star stars__star--on' : 'stars__star'} />
      ))}
    </span>
  );
}
