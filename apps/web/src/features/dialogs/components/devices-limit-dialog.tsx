import { useTranslation } from '@/lib/use-translation';
import type { PlayingDevice } from '@playz/api-contract';
import { usePlayingDevices, useStopPlayingDevice } from '@playz/queries';
import { DeviceIcon } from '@/components/device-icon';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import './devices-limit-dialog.css';

/**
 * #/devices-limit-reached (spec 1 §2, §6): too many devices at once. It says the customer seems
 * logged in on several devices and asks to log out elsewhere or wait a few minutes; OK goes back.
 * Beyond the spec (decision 060), it lists the devices holding the places and stops one of them
 * there and then: the stream refused here is asked again and plays.
 */
export function DevicesLimitDialog({
  onClose,
  presentation,
}: {
  onClose: () => void;
  presentation?: 'overlay' | 'page';
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const devices = usePlayingDevices();
  const stop = useStopPlayingDevice();
  const others = devices.data?.filter((device) => !device.isCurrent) ?? [];

  return (
    <Dialog
      title={t('errors.devicesLimitTitle')}
      role="alertdialog"
      presentation={presentation}
      onClose={onClose}
      className="devices-limit"
      actions={
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      <p>{t('errors.devicesLimitMessage')}</p>
      {devices.isPending ? <Spinner label={t('common.loading')} size={28} /> : null}
      {devices.isSuccess && others.length === 0 ? <p role="status">{t('devicePlaces.none')}</p> : null}
      {others.length > 0 ? (
        <>
          <p className="devices-limit__intro">{t('devicePlaces.intro')}</p>
          <ul className="device-list">
            {others.map((device) => (
              <li key={device.ID} className="device-row">
                <span className="device-row__icon">
                  <DeviceIcon kind={device.type} size={22} />
                </span>
                <div className="device-row__text">
                  <p className="device-row__name">{device.name}</p>
                  <p className="device-row__meta">
                    <DeviceMeta device={device} />
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={stop.isPending}
                  aria-label={t('devicePlaces.stopOn', { name: device.name })}
                  onClick={() =>
                    stop.mutate(device.ID, {
                      onSuccess: () => {
                        toast.show(t('devicePlaces.stopped', { name: device.name }), 'success');
                        onClose();
                      },
                      onError: () => toast.showError(),
                    })
                  }
                >
                  {t('devicePlaces.stop')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}

const TYPES = ['Desktop', 'Mobile', 'Tablet', 'TV'] as const;

/** Its type in words, and since when it is signed in. */
function DeviceMeta({ device }: { device: PlayingDevice }) {
  const { t, i18n } = useTranslation();
  const type = TYPES.find((known) => known === device.type);
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(device.since),
  );
  return (
    <>
      {[type ? t(`devicePlaces.types.${type}`) : null, t('devicePlaces.since', { date: since })]
        .filter(Boolean)
        .join(' — ')}
    </>
  );
}
