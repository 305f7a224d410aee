import { useTranslation } from '@/lib/use-translation';
import { CastIcon } from '@/components/icons';
import '../casting.css';

/**
 * Over the paused local video while another screen plays it (decision 070): which screen, and a
 * way to bring playback back here. The control bar below mirrors the receiver.
 */
export function CastingNotice({
  deviceName,
  poster,
  onStop,
}: {
  deviceName: string;
  poster: string | null | undefined;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="video__casting" role="status">
      {poster ? <img className="video__casting-poster" src={poster} alt="" /> : null}
      <div className="video__casting-text">
        <CastIcon size={40} />
        <p className="video__casting-title">{t('player.castingOn', { device: deviceName })}</p>
        <button type="button" className="button button--glass button--small" onClick={onStop}>
          {t('player.stopCasting')}
        </button>
      </div>
    </div>
  );
}
