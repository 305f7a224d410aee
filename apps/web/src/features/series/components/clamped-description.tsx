import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { DESCRIPTION_CLAMP_TOLERANCE_PX } from '@playz/domain';
import { observeSize } from '@playz/ui';

/** A description clamped to a few lines, with see more / see less when it overflows (spec 2 §2, §9). */
export function ClampedDescription({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    // The control appears when the text exceeds its box by more than 5 px (spec 2 §9).
    return observeSize(element, () =>
      setClamped(element.scrollHeight - element.clientHeight > DESCRIPTION_CLAMP_TOLERANCE_PX),
    );
  }, [text, expanded]);

  if (!text) return null;
  return (
    <div className="clamped">
      <p ref={ref} id={id} className={`clamped__text${expanded ? '' : ' clamped__text--clamped'}`}>
        {text}
      </p>
      {clamped || expanded ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('player.seeLess') : t('player.seeMore')}
        </button>
      ) : null}
    </div>
  );
}
