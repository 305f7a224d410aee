import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { REVIEW_MAX_RATING, REVIEWS } from '../api/reviews';
import { StarRating } from './star-rating';

/** The testimonials page (spec 1 §1, spec 2 §9): 20 customer reviews, each rated 5 stars. */
export function TestimonialsPage({ showSubscribe }: { showSubscribe: boolean }) {
  const { t } = useTranslation();
  const average = REVIEWS.reduce((sum, review) => sum + review.rating, 0) / REVIEWS.length;
  return (
    <div className="browse-page testimonials-page">
      <header className="browse-page__head testimonials-page__head">
        <h1 className="browse-page__title">{t('testimonials.title')}</h1>
        <p className="browse-page__intro">{t('testimonials.intro')}</p>
        <p className="testimonials-page__average">
          <StarRating rating={Math.round(average)} max={REVIEW_MAX_RATING} />
          <span>{t('testimonials.average', { rating: average, max: REVIEW_MAX_RATING, count: REVIEWS.length })}</span>
        </p>
        {showSubscribe ? (
          <Link to="/service/inter" className="button button--primary">
            {t('testimonials.subscribe')}
          </Link>
        ) : null}
      </header>
      <ul className="reviews">
        {REVIEWS.map((review) => (
          <li key={review.id} className="review">
            <article aria-labelledby={`review-${review.id}`}>
              <StarRating rating={review.rating} max={REVIEW_MAX_RATING} />
              <blockquote className="review__text">
                <p>{t(`testimonials.reviews.${review.id}`)}</p>
              </blockquote>
              <footer className="review__author">
                <span className="review__avatar" aria-hidden="true">
                  {review.name.slice(0, 1)}
                </span>
                <span>
                  <span className="review__name" id={`review-${review.id}`}>
                    {review.name}
                  </span>
                  <span className="review__city">{review.city}</span>
                </span>
              </footer>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
