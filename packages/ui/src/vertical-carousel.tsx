import { CarouselFrame, type CarouselItemsProps } from './carousel-frame';
import { Chevron } from './chevron';

// One downward glyph for both arrows; the app's style turns the "previous" one upside down.
const ARROWS = { previous: <Chevron direction="down" size={26} />, next: <Chevron direction="down" size={26} /> };

/**
 * The vertical carousel of spec 2 §2: a column of items that scrolls up and down, with the same
 * rules as the horizontal Carousel (arrows fade after 1 s, 300 ms scroll throttle, 10
 * placeholders, spec 2 §9). Markup classes: `vcarousel`, `vcarousel__track`, ...
 */
export function VerticalCarousel<T>(props: CarouselItemsProps<T>) {
  return <CarouselFrame {...props} axis="y" block="vcarousel" arrows={ARROWS} />;
}
