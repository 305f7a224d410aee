import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Content } from '@playz/api-contract';
import { ApiErrorNumber, DEFAULT_PARENTAL_THRESHOLD, needsParentalCode } from '@playz/domain';
import { Spinner } from '@/components/spinner';
import { streamTarget } from '@/lib/device';
import { isParentalCodeRequired, useAppData, useContentList, useContentListStream } from '@playz/queries';
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

function Waiting() {
  const { t } = useTranslation();
  return (
    <div className="player-page">
      <div className="stage stage--waiting">
        <Spinner label={t('common.loading')} size={56} />
      </div>
    </div>
  );
}

/**
 * The content a list's refusal for the parental code is about (decision 059): the refusal does not
 * name it when the list chose where the viewer is, so it is the first content under the account's
 * threshold not yet watched, else the first under it. The code is asked for that content and the
 * list then plays it by name, with its proof.
 */
function contentAskingCode(contents: readonly Content[], threshold: number): number | null {
  const rated = contents.filter((c) => needsParentalCode(c.rating ?? 0, threshold));
  return (rated.find((c) => c.status !== 'Done') ?? rated[0])?.contentID ?? null;
}

/**
 * /content-list/{id}/{slug}: the list player (spec 2 §2). The list plays as one (decision 057):
 * its stream call says which content to play, the first for a new viewer and else where the viewer
 * is in the list, and the resume point is saved on the list's timeline. Each ending advances to the
 * next content; the last one stops (spec 2 §4).
 */
export function ContentListPlayerPage({ listId, favoriteFor, notFound, ...player }: ContentListPlayerPageProps) {
  const { t } = useTranslation();
  const list = useContentList(listId);
  // The content the viewer chose in the queue or the ending moved to; null: where the list is.
  const [chosen, setChosen] = useState<number | null>(null);
  const contents = list.data?.contents ?? [];
  const stream = useContentListStream(listId, chosen, player.usage, streamTarget(), contents.length > 0);
  const threshold = useAppData().data?.Customer.parentalThreshold ?? DEFAULT_PARENTAL_THRESHOLD;

  if (list.isError)
    return (
      <PlayerLoadFailure error={list.error} notFoundNumber={ApiErrorNumber.ContentListNotFound} notFound={notFound} />
    );
  if (!list.data) return <Waiting />;
  if (contents.length === 0) {
    return (
      <div className="player-page">
        <p className="notice">{t('series.emptyList')}</p>
      </div>
    );
  }
  // A refused stream (no right, the devices limit) does not say where the list is: its first content
  // shows the refusal; one refused for the parental code, the content that asks it.
  const askingCode = chosen === null && isParentalCodeRequired(stream.error);
  const currentId =
    chosen ??
    stream.data?.Content.contentID ??
    (askingCode ? contentAskingCode(contents, threshold) : null) ??
    (stream.isError ? contents[0]!.contentID : null);
  if (currentId === null) return <Waiting />;
  const index = Math.max(
    contents.findIndex((c) => c.contentID === currentId),
    0,
  );
  const current = contents[index]!;
  const offset = contents.slice(0, index).reduce((sum, c) => sum + Math.max(c.duration, 0), 0);
  const contentId = String(current.contentID);
  const select = (i: number) => setChosen(contents[i]!.contentID);
  return (
    <ContentPlayerPage
      key={contentId}
      contentId={contentId}
      {...player}
      notFound={notFound}
      badge={list.data.name}
      favorite={favoriteFor(contentId)}
      onNext={index + 1 < contents.length ? () => select(index + 1) : undefined}
      onPrevious={index > 0 ? () => select(index - 1) : undefined}
      list={{
        id: listId,
        offset,
        stream: {
          data: stream.data?.AdaptiveStream,
          error: stream.error,
          isPending: stream.isPending,
          isError: stream.isError,
          refetch: () => stream.refetch(),
        },
        // The proof is for this content: the list asks for it by name, or asks again when it did.
        onParentalProof: () => (chosen === null ? setChosen(current.contentID) : void stream.refetch()),
      }}
      below={<PlayQueue title={list.data.name} contents={contents} currentIndex={index} onSelect={select} />}
    />
  );
}
