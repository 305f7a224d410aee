import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAROUSEL_ARROW_HIDE_MS,
  CAROUSEL_PLACEHOLDERS,
  CAROUSEL_SCROLL_THROTTLE_MS,
  type RowStyle,
} from '@playz/domain';
import type { CardItem } from '@/lib/catalogue-links';
import { throttle } from '@/lib/timing';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { MediaCard, MediaCardPlaceholder } from './media-card';

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
  const trackRef = useRef<HTMLUListElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [arrowsVisible, setArrowsVisible] = useState(false);
  const [edges, setEdges] = useState({ start: true, end: true });
  const titleId = useId();

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const max = track.scrollWidth - track.clientWidth;
    setEdges({ start: track.scrollLeft <= 2, end: track.scrollLeft >= max - 2 });
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = throttle(measure, CAROUSEL_SCROLL_THROTTLE_MS);
    measure();
    track.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    observer?.observe(track);
    return () => {
      onScroll.cancel();
      track.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [measure, items.length, loading]);

  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const showArrows = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
    setArrowsVisible(true);
  };
  const hideArrowsSoon = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setArrowsVisible(false), CAROUSEL_ARROW_HIDE_MS);
  };

  const scrollByPage = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollBy({ left: direction * track.clientWidth * 0.85, behavior: 'smooth' });
  };

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
