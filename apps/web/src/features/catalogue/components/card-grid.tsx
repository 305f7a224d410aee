import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { RowStyle } from '@playz/domain';
import { MediaCard, MediaCardPlaceholder } from '@/components/media-card';
import type { CardItem } from '@/lib/catalogue-links';

const PLACEHOLDERS = 8;

export interface CardGridProps {
  /** Undefined while loading: placeholders hold the grid's place (never a blank page). */
  items: CardItem[] | undefined;
  style: Exclude<RowStyle, 'Rounded'>;
  isError: boolean;
  /** Said when the list is known to be empty. */
  empty: string;
  /** The grid's name, when the page holds more than one list. */
  label?: string | undefined;
  /** How many cards load their picture at once (those in the first screen). */
  eager?: number;
}

/** A page's items as a grid of cards, with its loading, failure and empty states. */
export function CardGrid({ items, style, isError, empty, label, eager = 8 }: CardGridProps): ReactNode {
  const { t } = useTranslation();
  if (isError)
    return (
      <p className="notice" role="alert">
        {t('errors.generic')}
      </p>
    );
  if (items?.length === 0) return <p className="notice explore-empty">{empty}</p>;
  return (
    <ul
      className={`explore-grid explore-grid--${style.toLowerCase()}`}
      aria-label={label}
      aria-busy={items ? undefined : true}
    >
      {items
        ? items.map((item, index) => (
            <li key={item.key}>
              <MediaCard item={item} style={style} eager={index < eager} />
            </li>
          ))
        : Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <li key={index}>
              <MediaCardPlaceholder style={style} />
            </li>
          ))}
    </ul>
  );
}

/** A page's heading: a small line naming the kind of page, the title (a skeleton while unknown), an intro. */
export function ExploreHeader({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string | undefined;
  title: string | undefined;
  intro?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <header className="explore-header">
      {eyebrow ? <p className="explore-header__eyebrow">{eyebrow}</p> : null}
      {title === undefined ? (
        <span className="skeleton skeleton--title explore-header__skeleton" aria-hidden="true" />
      ) : (
        <h1 className="explore-header__title">{title}</h1>
      )}
      {intro ? <p className="explore-header__intro">{intro}</p> : null}
      {children}
    </header>
  );
}
