/**
 * @playz/ui: React primitives shared by the web and TV apps (ARCHITECTURE layout). They carry
 * behaviour and markup only: each app styles the class names and passes translated labels, so
 * nothing here reads i18n, the API or an app's router.
 */
export { Carousel } from './carousel';
export { VerticalCarousel } from './vertical-carousel';
export type { CarouselItemsProps, CarouselLabels } from './carousel-frame';
export { ImageFader, useFaderIndex, type FaderImage } from './image-fader';
export { useCarouselTrack } from './use-carousel-track';
export { throttle } from './throttle';
export { observeSize } from './observe-size';
export { RatingBadge, hasRatingBadge } from './rating-badge';
export { useCountdown } from './use-countdown';
