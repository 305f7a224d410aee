import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorNumber } from '@playz/domain';
import { Spinner } from '@/components/spinner';
import { useContentList } from '@playz/queries';
import { ContentPlayerPage } from './content-player-page';
import { PlayQueue } from './play-queue';
import { PlayerLoadFailure } from './player-load-failure';

interface ContentListPlayerPageProps {
  listId: string;
  usage: 'View' | 'Preview';
  viewerLogged: boolean;
  currentPath: string;
  notFound: ReactNode;
  /** The favourite toggle of the content playing, composed by the route. */
  favoriteFor: (contentId: string) => ReactNode;
}

/**
 * /content-list/{id}/{slug}: the list player (spec 2 §2). It starts at the first content and
 * each ending advances to the next one; the last one stops (spec 2 §4).
 */
export function ContentListPlayerPage({ listId, favoriteFor, notFound, ...player }: ContentListPlayerPageProps) {
  const { t } = useTranslation();
  const list = useContentList(listId);
  const [index, setIndex] = useState(0);

  if (list.isError)
    return (
      <PlayerLoadFailure error={list.error} notFoundNumber={ApiErrorNumber.ContentListNotFound} notFound={notFound} />
    );
  if (!list.data) {
    return (
      <div className="player-page">
        <div className="stage stage--waiting">
          <Spinner label={t('common.loading')} size={56} />
        </div>
      </div>
    );
  }
  const contents = list.data.contents;
  const current = contents[index];
  if (!current) {
    return (
      <div className="player-page">
        <p className="notice">{t('series.emptyList')}</p>
      </div>
    );
  }
  const contentId = String(current.contentID);
  return (
    <ContentPlayerPage
      key={contentId}
      contentId={contentId}
      {...player}
      notFound={notFound}
      badge={list.data.name}
      favorite={favoriteFor(contentId)}
      onNext={index + 1 < contents.length ? () => setIndex(index + 1) : undefined}
      below={<PlayQueue title={list.data.name} contents={contents} currentIndex={index} onSelect={setIndex} />}
    />
  );
}
