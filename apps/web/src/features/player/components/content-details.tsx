import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Content } from '@playz/api-contract';
import { DESCRIPTION_CLAMP_TOLERANCE_PX } from '@playz/domain';
import { observeSize } from '@playz/ui';
import { RatingBadge } from '@/components/rating-badge';

/** Title, year and a description that can be expanded when it is clamped (spec 2 §2, §9). */
export function ContentDetails({
  content,
  badge,
  actions,
}: {
  content: Content;
  badge?: string | undefined;
  /** The favourite toggle (spec 2 §2 players). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const descriptionRef = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  const year = content.metadata['Year'];

  useLayoutEffect(() => {
    const element = descriptionRef.current;
    if (!element || expanded) return;
    // A see-more control appears when the text exceeds its box by more than 5 px (spec 2 §9).
    return observeSize(element, () =>
      setClamped(element.scrollHeight - element.clientHeight > DESCRIPTION_CLAMP_TOLERANCE_PX),
    );
  }, [content.description, expanded]);

  useEffect(() => setExpanded(false), [content.contentID]);

  return (
    <section className="details" aria-labelledby="content-title">
      <h1 className="details__title" id="content-title">
        {content.title}
      </h1>
      <p className="details__meta">
        {badge ? <span className="details__badge">{badge}</span> : null}
        <RatingBadge rating={content.rating} />
        {year !== undefined ? <span>{String(year)}</span> : null}
        {content.duration > 0 ? (
          <span>{t('player.minutes', { count: Math.max(1, Math.round(content.duration / 60)) })}</span>
        ) : null}
      </p>
      {content.description ? (
        <>
          <p
            ref={descriptionRef}
            id="content-description"
            className={`details__description${expanded ? '' : ' details__description--clamped'}`}
          >
            {content.description}
          </p>
          {clamped || expanded ? (
            <button
              type="button"
              className="link-button"
              aria-expanded={expanded}
              aria-controls="content-description"
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? t('player.seeLess') : t('player.seeMore')}
            </button>
          ) : null}
        </>
      ) : null}
      {actions ? <div className="details__actions">{actions}</div> : null}
    </section>
  );
}
