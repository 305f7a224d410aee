import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_PLACEHOLDERS, type RowStyle } from '@playz/domain';
import type { CardItem } from '@/lib/catalogue-links';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { MediaCard, MediaCardPlaceholder } from './media-card';
import { useCarouselTrack } from './use-carousel-track';

export interface CarouselProps {
  title: ReactNode;
  style: RowStyle;
  items?: CardItem[] | undefined;
  loading?: boolean;
  /** The first cards of the page load eagerly (they are in view). */
  eager?: boolean;
  id?: string;
}

/**
 * A horizontal row of cards (spec 2 §2): scroll-snap, arrows on desktop that fade 1 s after the
 * pointer leaves, scroll state throttled to 300 ms, 10 placeholders while loading (spec 2 §9).
 */
export function Carousel({ title, style, items = [], loading = false, eager = false, id }: CarouselProps) {
  const { t } = useTranslation();
  const { trackRef, edges, arrowsVisible, showArrows, hideArrowsSoon, scrollByPage } = useCarouselTrack(
    'x',
    `${items.length}:${loading}`,
  );
  const titleId = useId();

  return (
    <section
      className={`carousel carousel--${style.toLowerCase()}${arrowsVisible ? ' carousel--arrows' : ''}`}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      id={id}
      onPointerEnter={showArrows}
      onPointerLeave={hideArrowsSoon}
      onFocus={showArrows}
    >
      <h2 className="carousel__title" id={titleId}>
        {title}
      </h2>
      <div className="carousel__viewport">
        <button
          type="button"
          className="carousel__arrow carousel__arrow--prev"
          onClick={() => scrollByPage(-1)}
          disabled={edges.start}
          aria-label={t('carousel.previous')}
          tabIndex={-1}
        >
          <ChevronLeftIcon size={28} />
        </button>
        <ul className="carousel__track" ref={trackRef}>
          {loading
            ? Array.from({ length: CAROUSEL_PLACEHOLDERS }, (_, index) => (
                <li className="carousel__item" key={`placeholder-${index}`}>
                  <MediaCardPlaceholder style={style} />
                </li>
              ))
            : items.map((item, index) => (
                <li className="carousel__item" key={item.key}>
                  <MediaCard item={item} style={style} eager={eager && index < 6} />
                </li>
              ))}
        </ul>
        <button
          type="button"
          className="carousel__arrow carousel__arrow--next"
          onClick={() => scrollByPage(1)}
          disabled={edges.end}
          aria-label={t('carousel.next')}
          tabIndex={-1}
        >
          <ChevronRightIcon size={28} />
        </button>
      </div>
    </section>
  );
}
