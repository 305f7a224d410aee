import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_PLACEHOLDERS, type RowStyle } from '@playz/domain';
import type { CardItem } from '@/lib/catalogue-links';
import { ChevronDownIcon } from './icons';
import { MediaCard, MediaCardPlaceholder } from './media-card';
import { useCarouselTrack } from './use-carousel-track';

export interface VerticalCarouselProps {
  title: ReactNode;
  style: RowStyle;
  items?: CardItem[] | undefined;
  loading?: boolean;
  id?: string;
  className?: string;
}

/**
 * The vertical carousel of spec 2 §2: a column of cards that scrolls up and down, with arrows
 * on desktop that fade 1 s after the pointer leaves, scroll state throttled to 300 ms and
 * 10 placeholders while loading (spec 2 §9) — the same rules as the horizontal Carousel.
 */
export function VerticalCarousel({
  title,
  style,
  items = [],
  loading = false,
  id,
  className = '',
}: VerticalCarouselProps) {
  const { t } = useTranslation();
  const { trackRef, edges, arrowsVisible, showArrows, hideArrowsSoon, scrollByPage } = useCarouselTrack(
    'y',
    `${items.length}:${loading}`,
  );
  const titleId = useId();

  return (
    <section
      className={`vcarousel vcarousel--${style.toLowerCase()}${arrowsVisible ? ' vcarousel--arrows' : ''} ${className}`.trim()}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      id={id}
      onPointerEnter={showArrows}
      onPointerLeave={hideArrowsSoon}
      onFocus={showArrows}
    >
      <h2 className="vcarousel__title" id={titleId}>
        {title}
      </h2>
      <div className="vcarousel__viewport">
        <button
          type="button"
          className="vcarousel__arrow vcarousel__arrow--prev"
          onClick={() => scrollByPage(-1)}
          disabled={edges.start}
          aria-label={t('carousel.previous')}
          tabIndex={-1}
        >
          <ChevronDownIcon size={26} />
        </button>
        <ul className="vcarousel__track" ref={trackRef}>
          {loading
            ? Array.from({ length: CAROUSEL_PLACEHOLDERS }, (_, index) => (
                <li className="vcarousel__item" key={`placeholder-${index}`}>
                  <MediaCardPlaceholder style={style} />
                </li>
              ))
            : items.map((item) => (
                <li className="vcarousel__item" key={item.key}>
                  <MediaCard item={item} style={style} />
                </li>
              ))}
        </ul>
        <button
          type="button"
          className="vcarousel__arrow vcarousel__arrow--next"
          onClick={() => scrollByPage(1)}
          disabled={edges.end}
          aria-label={t('carousel.next')}
          tabIndex={-1}
        >
          <ChevronDownIcon size={26} />
        </button>
      </div>
    </section>
  );
}
