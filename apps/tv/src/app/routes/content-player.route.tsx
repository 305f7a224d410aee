import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import {
  isDevicesLimitReached,
  mayWatch,
  useAppData,
  useContent,
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

/**
 * /{type}/{id}/player (spec 2 §2 deep links: /content/{id} opens /clip/{id}/player): a film, clip or
 * episode, View when the customer may watch it, else its Preview and then the locked notice.
 */
export function ContentPlayerRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const valid = /^\d+$/.test(id);
  const back = usePlayerBack();
  const appData = useAppData();
  const customer = appData.data?.Customer;
  const content = useContent(id, valid);
  const kind = content.data?.contentType === 'Episode' ? 'episode' : 'content';
  const usage = customer && mayWatch(customer, kind) ? 'View' : 'Preview';
  const stream = useContentStream(id, usage, 'player_dash', valid && customer !== undefined);
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
  return (
    <PlayerScreen
      source={locked ? null : (stream.data ?? null)}
      sourceKey={`${id}-${usage}`}
      start={c?.playbackTime && usage === 'View' ? c.playbackTime : undefined}
      title={c?.title ?? ''}
      subtitle={stream.data?.usage === 'Preview' ? t('player.preview') : null}
      actions={stream.data?.usage === 'Preview' ? <SubscribeButton /> : null}
      poster={c?.images.backdrop ?? c?.images.landscape ?? null}
      onBack={back}
      blocked={locked || devicesLimited}
      onSaveTime={saveTime}
      onEnded={stream.data?.usage === 'Preview' ? () => setPreviewEnded(true) : undefined}
      overlay={
        devicesLimited ? (
          <DevicesLimitOverlay onRetry={() => void stream.refetch()} />
        ) : locked ? (
          <LockedOverlay logged={customer?.logged ?? false} text={t('player.lockedText')} />
        ) : null
      }
    />
  );
}
