import { useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ImageFader, useFaderIndex } from '@playz/ui';
import { InfoIcon, PlayIcon } from '@/components/icons';
import type { CardItem } from '@/lib/catalogue-links';

/**
 * Billboard at the top of home: the featured items' artwork fading every 10 s (spec 2 §9). It
 * holds still while the pointer is over it or the keyboard focus inside it: a slide change
 * re-creates its buttons, so a keyboard viewer on "Lecture" would otherwise lose the focus (and
 * the item they chose) every 10 s, and moving content must be pausable (WCAG 2.2.2).
 */
export function HomeHero({ items }: { items: CardItem[] }) {
  const { t } = useTranslation();
  const featured = items.filter((item) => item.landscape || item.portrait).slice(0, 5);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [index, setIndex] = useFaderIndex(featured.length, undefined, focused || hovered);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const current = featured[index];
  if (!current) return <div className="hero hero--home hero--empty" />;
  const images = featured.map((item) => ({
    src: (item.backdrop ?? item.landscape ?? item.portrait)!,
    alt: item.title,
  }));
  return (
    <section
      className="hero hero--home"
      aria-roledescription="carousel"
      aria-label={t('home.featured')}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <ImageFader images={images} index={index} className="hero__backdrop" />
      <div className="hero__shade" />
      <div className="hero__content" key={current.key}>
        {current.subtitle ? <p className="hero__eyebrow">{current.subtitle}</p> : null}
        <h1 className="hero__title">{current.title}</h1>
        {current.description ? <p className="hero__subtitle hero__subtitle--clamp">{current.description}</p> : null}
        {current.progress !== null && current.progress !== undefined ? (
          <span className="hero__progress" aria-hidden="true">
            <span style={{ width: `${Math.round(current.progress)}%` }} />
          </span>
        ) : null}
        <div className="hero__actions">
          <Link to={current.href} className="button button--primary button--large">
            <PlayIcon size={22} />
            <span>{t('player.play')}</span>
          </Link>
          <Link
            to={current.href}
            className="button button--glass button--large"
            aria-label={`${t('home.moreInfo')} — ${current.title}`}
          >
            <InfoIcon size={22} />
            <span>{t('home.moreInfo')}</span>
          </Link>
        </div>
      </div>
      {featured.length > 1 ? (
        <div className="hero__dots">
          {featured.map((item, i) => (
            <button
              key={item.key}
              type="button"
              className={`hero__dot${i === index ? ' hero__dot--active' : ''}`}
              aria-label={item.title}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
