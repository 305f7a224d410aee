import { useTranslation } from '@/lib/use-translation';
import type { Device } from '@playz/api-contract';
import { DeviceIcon } from '@/components/device-icon';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useActiveDevices, useLogOutDevice, useLogOutOthers } from '../api/use-account';

/**
 * Active devices (spec 1 §1, §7; decision 009): each device with its identity and the last time it
 * was seen; any other device can be signed out, or all of them at once (not from a kids profile).
 */
export function DevicesSection({ canSignOut = true }: { canSignOut?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const devices = useActiveDevices();
  const logOutDevice = useLogOutDevice();
  const logOutOthers = useLogOutOthers();

  if (devices.isPending) return <Spinner label={t('common.loading')} size={28} />;
  if (devices.isError) return <p className="form__error">{t('errors.generic')}</p>;
  const others = devices.data.filter((device) => !device.isCurrent);
  return (
    <>
      <ul className="device-list">
        {devices.data.map((device) => (
          <li key={device.ID} className="device-row">
            <span className="device-row__icon">
              <DeviceIcon kind={device.type} size={22} />
            </span>
            <div className="device-row__text">
              <p className="device-row__name">
                {deviceName(device)}
                {device.isCurrent ? <span className="badge">{t('account.thisDevice')}</span> : null}
              </p>
              <p className="device-row__meta">
                <DeviceSeen device={device} />
              </p>
            </div>
            {canSignOut && !device.isCurrent ? (
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={logOutDevice.isPending && logOutDevice.variables === device.ID}
                aria-label={t('account.signOutDevice', { name: deviceName(device) })}
                onClick={() =>
                  logOutDevice.mutate(device.ID, {
                    onSuccess: () => toast.show(t('account.deviceSignedOut'), 'success'),
                    onError: () => toast.showError(),
                  })
                }
              >
                {t('account.signOut')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canSignOut && others.length > 1 ? (
        <button
          type="button"
          className="link-button"
          disabled={logOutOthers.isPending}
          onClick={() =>
            logOutOthers.mutate(undefined, {
              onSuccess: () => toast.show(t('account.othersSignedOut'), 'success'),
              onError: () => toast.showError(),
            })
          }
        >
          {t('account.signOutOthers')}
        </button>
      ) : null}
    </>
  );
}

/** Vendor and model when the device told them (apps), else its platform and type (browsers). */
function deviceName(device: Device): string {
  const model = [device.vendor, device.model].filter(Boolean).join(' ');
  return model || [device.platform, device.type].filter(Boolean).join(' · ');
}

function DeviceSeen({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(device.lastSeenAt),
  );
  const system = [device.systemName, device.systemVersion].filter(Boolean).join(' ');
  return <>{[system, t('account.lastSeen', { date })].filter(Boolean).join(' — ')}</>;
}
