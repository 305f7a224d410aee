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
import { ChevronDownIcon } from './icons';
import { MediaCard, MediaCardPlaceholder } from './media-card';

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
  const trackRef = useRef<HTMLUListElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [arrowsVisible, setArrowsVisible] = useState(false);
  const [edges, setEdges] = useState({ start: true, end: true });
  const titleId = useId();

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const max = track.scrollHeight - track.clientHeight;
    setEdges({ start: track.scrollTop <= 2, end: track.scrollTop >= max - 2 });
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
    track.scrollBy({ top: direction * track.clientHeight * 0.85, behavior: 'smooth' });
  };

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
