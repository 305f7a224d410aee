import type { ReactNode } from 'react';

/** The top of a content or series page: wide artwork fading into the page, text and actions over it. */
export function DetailHero({
  image,
  title,
  meta,
  description,
  children,
}: {
  image: string | null;
  title: string;
  meta: readonly string[];
  description: string;
  children: ReactNode;
}) {
  return (
    <header className="detail-hero">
      {image ? <img className="detail-hero__art" src={image} alt="" /> : null}
      <div className="detail-hero__shade" />
      <div className="detail-hero__text">
        <h1 className="detail-hero__title">{title}</h1>
        {meta.length > 0 ? <p className="detail-hero__meta">{meta.join('  ·  ')}</p> : null}
        <p className="detail-hero__synopsis">{description}</p>
        <div className="detail-hero__actions">{children}</div>
      </div>
    </header>
  );
}
