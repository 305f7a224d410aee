import { useTranslation } from '@/lib/use-translation';
import type { Content } from '@playz/api-contract';
import '../player-pages.css';

/** The contents of a list player, in play order; the one playing is marked (spec 2 §2). */
export function PlayQueue({
  title,
  contents,
  currentIndex,
  onSelect,
}: {
  title: string;
  contents: readonly Content[];
  currentIndex: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="play-queue" aria-labelledby="play-queue-title">
      <h2 className="play-queue__title" id="play-queue-title">
        {title}
      </h2>
      <ol className="play-queue__list">
        {contents.map((content, index) => {
          const thumbnail = content.images.landscape ?? content.thumbnailUrl;
          const current = index === currentIndex;
          return (
            <li key={content.contentID}>
              <button
                type="button"
                className={`play-queue__item${current ? ' play-queue__item--current' : ''}`}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(index)}
              >
                <span className="play-queue__thumb">
                  {thumbnail ? <img src={thumbnail} alt="" loading="lazy" decoding="async" /> : null}
                </span>
                <span className="play-queue__text">
                  <span className="play-queue__name">{content.title}</span>
                  {content.duration > 0 ? (
                    <span className="play-queue__duration">
                      {t('player.minutes', { count: Math.max(1, Math.round(content.duration / 60)) })}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
