import { useId, type ReactNode } from 'react';
import { CAROUSEL_PLACEHOLDERS } from '@playz/domain';
import { useCarouselTrack } from './use-carousel-track';

/** The arrows' accessible names, in the app's language (the app translates, ui does not). */
export interface CarouselLabels {
  previous: string;
  next: string;
}

/** What a horizontal or vertical carousel is given: its items and how to draw one. */
export interface CarouselItemsProps<T> {
  title: ReactNode;
  /** Modifier class `{block}--{variant}`: the web app passes the row style (spec 2 §2). */
  variant: string;
  items?: readonly T[] | undefined;
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Drawn CAROUSEL_PLACEHOLDERS times while loading (spec 2 §9). */
  placeholder: ReactNode;
  loading?: boolean;
  labels: CarouselLabels;
  id?: string | undefined;
  className?: string | undefined;
}

interface FrameProps<T> extends CarouselItemsProps<T> {
  axis: 'x' | 'y';
  /** BEM block of the markup (`carousel`, `vcarousel`): each app styles these classes. */
  block: string;
  arrows: { previous: ReactNode; next: ReactNode };
}

/**
 * What both carousels draw (spec 2 §2 widgets): a titled region, a scroll-snap track, and arrows
 * that show while the pointer or focus is inside and fade 1 s after it leaves (spec 2 §9). The
 * arrows are out of the tab order: keyboard users move through the cards themselves.
 */
export function CarouselFrame<T>(props: FrameProps<T>) {
  const { title, variant, items = [], itemKey, renderItem, placeholder, loading = false, labels } = props;
  const { block, axis, arrows, id, className = '' } = props;
  const { trackRef, edges, arrowsVisible, showArrows, hideArrowsSoon, scrollByPage } = useCarouselTrack(
    axis,
    `${items.length}:${loading}`,
  );
  const titleId = useId();
  const classes = [block, `${block}--${variant.toLowerCase()}`, arrowsVisible ? `${block}--arrows` : '', className];

  return (
    <section
      className={classes.filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      id={id}
      onPointerEnter={showArrows}
      onPointerLeave={hideArrowsSoon}
      onFocus={showArrows}
    >
      <h2 className={`${block}__title`} id={titleId}>
        {title}
      </h2>
      <div className={`${block}__viewport`}>
        <button
          type="button"
          className={`${block}__arrow ${block}__arrow--prev`}
          onClick={() => scrollByPage(-1)}
          disabled={edges.start}
          aria-label={labels.previous}
          tabIndex={-1}
        >
          {arrows.previous}
        </button>
        <ul className={`${block}__track`} ref={trackRef}>
          {loading
            ? Array.from({ length: CAROUSEL_PLACEHOLDERS }, (_, index) => (
                <li className={`${block}__item`} key={`placeholder-${index}`}>
                  {placeholder}
                </li>
              ))
            : items.map((item, index) => (
                <li className={`${block}__item`} key={itemKey(item)}>
                  {renderItem(item, index)}
                </li>
              ))}
        </ul>
        <button
          type="button"
          className={`${block}__arrow ${block}__arrow--next`}
          onClick={() => scrollByPage(1)}
          disabled={edges.end}
          aria-label={labels.next}
          tabIndex={-1}
        >
          {arrows.next}
        </button>
      </div>
    </section>
  );
}
