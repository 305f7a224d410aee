import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, resumeTime } from '@playz/domain';
import { openingKey } from '@playz/player';
import {
  isDevicesLimitReached,
  itemsOpening,
  mayWatch,
  useAppData,
  useContent,
  useContentList,
  useContentStream,
  usePlaybackStatusSaver,
  useReleaseDeviceLease,
} from '@playz/queries';
import { NotFoundPage } from '@/components/not-found-page';
import { LockedOverlay } from '@/features/player/locked-overlay';
import { DevicesLimitOverlay } from '@/features/player/devices-limit-overlay';
import { SubscribeButton } from '@/features/player/subscribe-button';
import { PlayerScreen } from '@/features/player/player-screen';
import { usePlayerBack } from '@/features/player/use-player-back';
import { useRentAction } from '@/features/player/use-rent-action';

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

/** A content list's items in order, each one's end starting the next (spec 2 §4 "auto-advances"). */
function ListPlayer({ listId }: { listId: string }) {
  const back = usePlayerBack();
  const valid = /^\d+$/.test(listId);
  const list = useContentList(listId, valid);
  const [index, setIndex] = useState(0);
  if (!valid || isApiError(list.error, ApiErrorNumber.ContentListNotFound)) return <NotFoundPage />;
  const item = list.data?.contents?.[index];
  if (list.data && !item) return <NotFoundPage />;
  const count = list.data?.contents?.length ?? 0;
  const next = () => (index + 1 < count ? setIndex(index + 1) : back());
  // The player's Previous and Next go one content back or on (spec 2 §2).
  const neighbours = {
    previous: index > 0 ? () => setIndex(index - 1) : undefined,
    next: index + 1 < count ? () => setIndex(index + 1) : undefined,
  };
  return item ? (
    <ContentPlayer key={item.contentID} id={String(item.contentID)} onFinished={next} neighbours={neighbours} />
  ) : null;
}

/**
 * One content: View when the customer may watch it, else its Preview and then the locked notice.
 * `onFinished`: the full video ended (a list goes on to its next item).
 */
function ContentPlayer({
  id,
  onFinished,
  neighbours,
}: {
  id: string;
  onFinished?: () => void;
  neighbours?: { previous?: (() => void) | undefined; next?: (() => void) | undefined };
}) {
  const { t } = useTranslation();
  const valid = /^\d+$/.test(id);
  const back = usePlayerBack();
  const appData = useAppData();
  const customer = appData.data?.Customer;
  const content = useContent(id, valid);
  const kind = content.data?.contentType === 'Episode' ? 'episode' : 'content';
  // A film rented on this account, an episode whose season or series was bought, plays in full
  // (decision 040, spec 3 §4); the server decides again. Asked once the content says what it is
  // (unless full access opens everything), or failed to (then by the content's own purchase).
  const usage = customer && mayWatch(customer, kind, itemsOpening(id, content.data)) ? 'View' : 'Preview';
  const decided = customer !== undefined && (customer.hasFullAccess || !content.isPending);
  const rent = useRentAction(id, content.data?.contentType === 'Film');
  const stream = useContentStream(id, usage, 'player_dash', valid && decided);
  // A full stream holds one of the account's device places until this player goes (decision 018).
  useReleaseDeviceLease(stream.data?.usage === 'View');
  const devicesLimited = isDevicesLimitReached(stream.error);
  const [previewEnded, setPreviewEnded] = useState(false);
  // Only a logged customer's full video has a resume point (a preview does not count).
  const saveTime = usePlaybackStatusSaver(
    kind === 'episode' ? 'episode' : 'content',
    id,
    (customer?.logged ?? false) && stream.data?.usage === 'View',
  );
  if (!valid || isApiError(content.error, ApiErrorNumber.ContentNotFound)) return <NotFoundPage />;
  const forbidden = isApiError(stream.error, ApiErrorNumber.Forbidden) && !devicesLimited;
  const locked = forbidden || (stream.data?.usage === 'Preview' && previewEnded);
  const c = content.data;
  // Where the viewer stopped (spec 2 §4), the same start the Play button's opening asked for.
  const start = c && usage === 'View' ? resumeTime(c.playbackTime, c.duration) : undefined;
  // A press on Play may have launched this content's opening (decision 044). A stream refused or
  // a preview served instead does not play it: the screen is made again, on an element of its own.
  const refused = usage === 'View' && (stream.isError || (stream.data !== undefined && stream.data.usage !== 'View'));
  return (
    <PlayerScreen
      key={refused ? 'refused' : 'view'}
      openingKey={usage === 'View' && !refused ? openingKey(id, start) : undefined}
      source={locked ? null : (stream.data ?? null)}
      sourceKey={`${id}-${usage}`}
      start={start}
      title={c?.title ?? ''}
      subtitle={stream.data?.usage === 'Preview' ? t('player.preview') : null}
      actions={
        stream.data?.usage === 'Preview' && !locked ? <SubscribeButton rent={customer?.logged ? rent : null} /> : null
      }
      poster={c?.images.backdrop ?? c?.images.landscape ?? null}
      onBack={back}
      blocked={locked || devicesLimited}
      onSaveTime={saveTime}
      onEnded={stream.data?.usage === 'Preview' ? () => setPreviewEnded(true) : onFinished}
      neighbours={neighbours}
      overlay={
        devicesLimited ? (
          <DevicesLimitOverlay onRetry={() => void stream.refetch()} />
        ) : locked ? (
          <LockedOverlay
            logged={customer?.logged ?? false}
            text={t(rent && customer?.logged ? 'player.lockedRentText' : 'player.lockedText')}
            rent={rent}
          />
        ) : null
      }
    />
  );
}
