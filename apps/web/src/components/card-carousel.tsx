import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Carousel, VerticalCarousel, type CarouselLabels } from '@playz/ui';
import type { RowStyle } from '@playz/domain';
import type { CardItem } from '@/lib/catalogue-links';
import { MediaCard, MediaCardPlaceholder } from './media-card';

export interface CardCarouselProps {
  title: ReactNode;
  style: RowStyle;
  items?: CardItem[] | undefined;
  loading?: boolean;
  /** The first cards of the page load eagerly (they are in view). */
  eager?: boolean;
  id?: string;
  className?: string;
}

/** The arrows' names in the interface language. */
function useCarouselLabels(): CarouselLabels {
  const { t } = useTranslation();
  return { previous: t('carousel.previous'), next: t('carousel.next') };
}

const keyOf = (item: CardItem) => item.key;

/** A row of catalogue cards (spec 2 §2 home rows): the @playz/ui carousel drawing MediaCards. */
export function CardCarousel({
  title,
  style,
  items,
  loading = false,
  eager = false,
  id,
  className,
}: CardCarouselProps) {
  return (
    <Carousel
      title={title}
      variant={style}
      items={items}
      itemKey={keyOf}
      renderItem={(item, index) => <MediaCard item={item} style={style} eager={eager && index < 6} />}
      placeholder={<MediaCardPlaceholder style={style} />}
      loading={loading}
      labels={useCarouselLabels()}
      id={id}
      className={className}
    />
  );
}

/** A column of catalogue cards (spec 2 §2 vertical carousel), e.g. the last 24 hours of replay. */
export function VerticalCardCarousel({ title, style, items, loading = false, id, className }: CardCarouselProps) {
  return (
    <VerticalCarousel
      title={title}
      variant={style}
      items={items}
      itemKey={keyOf}
      renderItem={(item) => <MediaCard item={item} style={style} />}
      placeholder={<MediaCardPlaceholder style={style} />}
      loading={loading}
      labels={useCarouselLabels()}
      id={id}
      className={className}
    />
  );
}
