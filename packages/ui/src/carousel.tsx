import { CarouselFrame, type CarouselItemsProps } from './carousel-frame';
import { Chevron } from './chevron';

const ARROWS = { previous: <Chevron direction="left" size={28} />, next: <Chevron direction="right" size={28} /> };

/**
 * A horizontal row of items (spec 2 §2 "horizontal carousels with arrows on desktop"): scroll-snap,
 * arrows that fade 1 s after the pointer leaves, scroll state throttled to 300 ms and 10
 * placeholders while loading (spec 2 §9). Markup classes: `carousel`, `carousel__track`, ...
 */
export function Carousel<T>(props: CarouselItemsProps<T>) {
  return <CarouselFrame {...props} axis="x" block="carousel" arrows={ARROWS} />;
}
