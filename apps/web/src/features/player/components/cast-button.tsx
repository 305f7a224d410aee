import type { RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { CastIcon } from '@/components/icons';
import type { CastSender } from '../cast/use-cast-sender';
import { useCastIconFrame, useCasting, type CastState } from './use-casting';

/**
 * The cast button (spec 2 §2), shown only while a device is available: the Google Cast sender's
 * where the app names a receiver and the framework finds a device (decision 070), else the
 * browser's Remote Playback API (use-casting.ts).
 */
export function CastButton({
  videoRef,
  loadKey,
  sender,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  loadKey: string;
  sender?: CastSender | undefined;
}) {
  // Where the framework finds no device, the browser's own casting (AirPlay on Safari) stays offered.
  if (sender && sender.state !== 'unavailable') return <CastSenderButton sender={sender} />;
  return <RemotePlaybackButton videoRef={videoRef} loadKey={loadKey} />;
}

function RemotePlaybackButton({
  videoRef,
  loadKey,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  loadKey: string;
}) {
  const cast = useCasting(videoRef, loadKey);
  return <CastStateButton state={cast.state} frame={cast.frame} onClick={cast.prompt} />;
}

function CastSenderButton({ sender }: { sender: CastSender }) {
  const frame = useCastIconFrame(sender.state === 'loading');
  // While casting the button stops it; the picker is the browser's and offers the same.
  return (
    <CastStateButton
      state={sender.state}
      frame={frame}
      onClick={sender.state === 'casting' ? sender.stop : sender.prompt}
    />
  );
}

function CastStateButton({ state, frame, onClick }: { state: CastState; frame: number; onClick: () => void }) {
  const { t } = useTranslation();
  if (state === 'unavailable') return null;
  return (
    <button
      type="button"
      className={`player-button${state === 'casting' ? ' player-button--active' : ''}`}
      onClick={onClick}
      aria-label={state === 'casting' ? t('player.casting') : t('player.cast')}
      aria-busy={state === 'loading'}
      data-cast-state={state}
    >
      <CastIcon frame={frame} />
    </button>
  );
}
