import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import type { AdaptiveStream } from '@playz/api-contract';
import { ApiErrorNumber, resumeTime } from '@playz/domain';
import { openingKey } from '@playz/player';
import {
  isDevicesLimitReached,
  isParentalCodeRequired,
  itemsOpening,
  mayWatch,
  mayWatchSoldAlone,
  useAppData,
  useContent,
  useContentList,
  useContentListStream,
  useContentStream,
  useListPlaybackStatusSaver,
  usePlaybackStatusSaver,
  useReleaseDeviceLease,
} from '@playz/queries';
import { NotFoundPage } from '@/components/not-found-page';
import { LockedOverlay } from '@/features/player/locked-overlay';
import { DevicesLimitOverlay } from '@/features/player/devices-limit-overlay';
import { ParentalCodeOverlay } from '@/features/account/parental-code-overlay';
import { SubscribeButton } from '@/features/player/subscribe-button';
import { PlayerScreen } from '@/features/player/player-screen';
import { usePlayerBack } from '@/features/player/use-player-back';
import { useEpisodeNeighbours } from '@/features/player/use-episode-neighbours';
import { useNextEpisodeCard } from '@/features/player/next-episode-card';
import { useRentAction } from '@/features/player/use-rent-action';
import { useSuspendedPosition } from '@/features/set-top/playback-suspension';
import { playsByTvUrl, useContentTvStream } from '@/features/set-top/use-content-tv-stream';
import { useDevice } from '@/app/device-context';

/** Route types whose id is a content list (spec 2 §4 remote route rule: content-list, playlist). */
const LIST_TYPES = new Set(['content-list', 'playlist']);

/**
 * /{type}/{id}/player (spec 2 §2 deep links: /content/{id} opens /clip/{id}/player): a film, clip or
 * episode; for a content list or playlist, its contents one after the other.
 */
export function ContentPlayerRoute() {
  const { type = '', id = '' } = useParams();
  return LIST_TYPES.has(type) ? <ListPlayer listId={id} /> : <ContentPlayer id={id} />;
}

/**
 * A content list played as one (decision 057), as the web's list player does: the list's stream
 * call says which content to play (where the viewer is in the list, the first for a new viewer),
 * Previous, Next and each ending ask the list for the content before or after (spec 2 §4
 * "auto-advances"), and the resume point is saved on the list's timeline.
 */
function ListPlayer({ listId }: { listId: string }) {
  const back = usePlayerBack();
  const valid = /^\d+$/.test(listId);
  const customer = useAppData().data?.Customer;
  const list = useContentList(listId, valid);
  // The content Previous, Next or an ending moved to; null: where the viewer is in the list.
  const [chosen, setChosen] = useState<number | null>(null);
  const contents = list.data?.contents ?? [];
  // List players need service or replay access, or the list bought (spec 2 §4, spec 3 §4).
  const usage = customer && mayWatch(customer, 'list', [`ContentList:${Number(listId)}`]) ? 'View' : 'Preview';
  const stream = useContentListStream(
    listId,
    chosen,
    usage,
    'player_dash',
    valid && customer !== undefined && contents.length > 0,
  );
  if (!valid || isApiError(list.error, ApiErrorNumber.ContentListNotFound)) return <NotFoundPage />;
  if (list.data && contents.length === 0) return <NotFoundPage />;
  // A refused stream (no right, the devices limit) does not say where the list is: its first
  // content shows the refusal.
  const currentId = chosen ?? stream.data?.Content.contentID ?? (stream.isError ? contents[0]?.contentID : undefined);
  if (currentId === undefined) return null;
  const index = Math.max(
    contents.findIndex((c) => c.contentID === currentId),
    0,
  );
  // Where this content starts on the list's timeline: the durations of the ones before it.
  const offset = contents.slice(0, index).reduce((sum, c) => sum + Math.max(c.duration, 0), 0);
  const select = (i: number) => setChosen(contents[i]!.contentID);
  const next = () => (index + 1 < contents.length ? select(index + 1) : back());
  // The player's Previous and Next go one content back or on (spec 2 §2).
  const neighbours = {
    previous: index > 0 ? () => select(index - 1) : undefined,
    next: index + 1 < contents.length ? () => select(index + 1) : undefined,
  };
  return (
    <ContentPlayer
      key={currentId}
      id={String(currentId)}
      onFinished={next}
      neighbours={neighbours}
      list={{
        id: listId,
        offset,
        usage,
        stream: {
          data: stream.data?.AdaptiveStream,
          error: stream.error,
          isError: stream.isError,
          refetch: () => stream.refetch(),
        },
      }}
    />
  );
}

/** What a list player hands the content it plays (decision 057). */
interface ListPlayback {
  id: string;
  /** Where this content starts on the list's timeline, in seconds. */
  offset: number;
  usage: 'View' | 'Preview';
  /** The list's stream of this content, asked by the list player. */
  stream: { data: AdaptiveStream | undefined; error: Error | null; isError: boolean; refetch: () => unknown };
}

/**
 * One content: View when the customer may watch it, else its Preview and then the locked notice.
 * `onFinished`: the full video ended (a list goes on to its next item).
 */
function ContentPlayer({
  id,
  onFinished,
  neighbours,
  list,
}: {
  id: string;
  onFinished?: () => void;
  neighbours?: { previous?: (() => void) | undefined; next?: (() => void) | undefined };
  /** A content played as part of a list: the list's stream and timeline (decision 057). */
  list?: ListPlayback;
}) {
  const { t } = useTranslation();
  const valid = /^\d+$/.test(id);
  const back = usePlayerBack();
  const appData = useAppData();
  const customer = appData.data?.Customer;
  const content = useContent(id, valid);
  const kind = content.data?.contentType === 'Episode' ? 'episode' : 'content';
  // An episode alone (not a list's) goes to the one before or after, across seasons (spec 2 §2).
  const episodeNeighbours = useEpisodeNeighbours(list ? undefined : content.data);
  // Its end offers the next episode, which starts by itself after 10 s (decision 082).
  const nextEpisode = useNextEpisodeCard(list ? undefined : episodeNeighbours, customer);
  // A film rented on this account, an episode whose season or series was bought, plays in full
  // (decision 040, spec 3 §4); the server decides again. Asked once the content says what it is
  // (unless full access opens everything), or failed to (then by the content's own purchase).
  // A content an editor sells alone plays only once bought, whatever the subscription (decision 107).
  const ownOffer = content.data?.productPriceID ?? null;
  const opensIt = itemsOpening(id, content.data);
  const mayView =
    customer !== undefined &&
    (ownOffer !== null ? mayWatchSoldAlone(customer, opensIt) : mayWatch(customer, kind, opensIt));
  const usage = list?.usage ?? (mayView ? 'View' : 'Preview');
  const decided = customer !== undefined && (customer.hasFullAccess || !content.isPending);
  const rent = useRentAction(id, content.data?.contentType === 'Film', ownOffer);
  // The set-top box plays a content by its TV URL (spec 2 §8; decision 087), the others adaptive.
  const byTvUrl = playsByTvUrl(useDevice().platform);
  const contentStream = useContentStream(id, usage, 'player_dash', valid && decided && !list && !byTvUrl);
  const tvStream = useContentTvStream(id, usage, valid && decided && !list && byTvUrl);
  const stream = list?.stream ?? (byTvUrl ? tvStream : contentStream);
  // A full stream holds one of the account's device places until this player goes (decision 018).
  useReleaseDeviceLease(stream.data?.usage === 'View');
  const devicesLimited = isDevicesLimitReached(stream.error);
  const [previewEnded, setPreviewEnded] = useState(false);
  // Only a logged customer's full video has a resume point (a preview does not count).
  const saves = (customer?.logged ?? false) && stream.data?.usage === 'View';
  const saveContentTime = usePlaybackStatusSaver(kind === 'episode' ? 'episode' : 'content', id, saves && !list);
  const saveListTime = useListPlaybackStatusSaver(list?.id ?? '', list?.offset ?? 0, saves && list !== undefined);
  const saveTime = list ? saveListTime : saveContentTime;
  const suspendedAt = useSuspendedPosition();
  if (!valid || isApiError(content.error, ApiErrorNumber.ContentNotFound)) return <NotFoundPage />;
  // A content at or above the account's parental threshold asks for the code (decision 059).
  const needsParentalCode = isParentalCodeRequired(stream.error);
  const forbidden = isApiError(stream.error, ApiErrorNumber.Forbidden) && !devicesLimited && !needsParentalCode;
  const locked = forbidden || (stream.data?.usage === 'Preview' && previewEnded);
  const c = content.data;
  // Where the viewer stopped (spec 2 §4), the same start the Play button's opening asked for; back
  // from the device's suspension, where the player stopped then (decision 087).
  const start = c && usage === 'View' ? (suspendedAt ?? resumeTime(c.playbackTime, c.duration)) : undefined;
  // A press on Play may have launched this content's opening (decision 044). A stream refused or
  // a preview served instead does not play it: the screen is made again, on an element of its own.
  const refused = usage === 'View' && (stream.isError || (stream.data !== undefined && stream.data.usage !== 'View'));
  return (
    <PlayerScreen
      key={refused ? 'refused' : 'view'}
      openingKey={usage === 'View' && !refused ? openingKey(id, start) : undefined}
      source={locked ? null : (stream.data ?? null)}
      sourceKey={`${id}-${usage}`}
      reportedAs={{ type: kind === 'episode' ? 'Episode' : 'Content', id }}
      start={start}
      title={c?.title ?? ''}
      rating={c?.rating}
      subtitle={stream.data?.usage === 'Preview' ? t('player.preview') : null}
      actions={
        stream.data?.usage === 'Preview' && !locked ? <SubscribeButton rent={customer?.logged ? rent : null} /> : null
      }
      poster={c?.images.backdrop ?? c?.images.landscape ?? null}
      onBack={back}
      blocked={locked || devicesLimited || needsParentalCode || nextEpisode.card !== null}
      onSaveTime={saveTime}
      onEnded={stream.data?.usage === 'Preview' ? () => setPreviewEnded(true) : (onFinished ?? nextEpisode.onEnded)}
      neighbours={neighbours ?? episodeNeighbours}
      overlay={
        devicesLimited ? (
          <DevicesLimitOverlay onRetry={() => void stream.refetch()} />
        ) : needsParentalCode ? (
          <ParentalCodeOverlay contentId={id} />
        ) : locked ? (
          <LockedOverlay
            logged={customer?.logged ?? false}
            text={t(rent && customer?.logged ? 'player.lockedRentText' : 'player.lockedText')}
            rent={rent}
          />
        ) : (
          nextEpisode.card
        )
      }
    />
  );
}
