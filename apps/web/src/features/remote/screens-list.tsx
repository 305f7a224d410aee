import { useTranslation } from '@/lib/use-translation';
import type { RemoteDevice } from '@playz/remote';
import { ScreenIcon } from './remote-icons';

/** spec 2 §4 "device list, link, unlink": the account's screens, and a friend's screen linked by code. */
export function ScreensList({
  devices,
  linked,
  onLink,
  onUnlink,
}: {
  devices: readonly RemoteDevice[];
  linked: RemoteDevice | null;
  onLink: (udid: string) => void;
  onUnlink: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="remote-card" aria-labelledby="remote-screens">
      <h2 id="remote-screens" className="remote-card__title">
        {t('remote.phone.screens')}
      </h2>
      {devices.length === 0 ? (
        <p className="remote-card__empty">{t('remote.phone.noScreens')}</p>
      ) : (
        <ul className="remote-screens">
          {devices.map((device) => {
            const isLinked = linked?.udid === device.udid;
            return (
              <li key={device.udid} className={`remote-screen${isLinked ? ' remote-screen--linked' : ''}`}>
                <ScreenIcon size={28} className="remote-screen__icon" aria-hidden="true" />
                <div className="remote-screen__text">
                  <span className="remote-screen__name">{device.name}</span>
                  <span className="remote-screen__meta">
                    {device.host !== null ? t('remote.phone.guestScreen') : device.platform}
                    {isLinked ? ` · ${t('remote.phone.linked')}` : ''}
                  </span>
                </div>
                {isLinked ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={onUnlink}
                    aria-label={`${t('remote.phone.unlink')} — ${device.name}`}
                  >
                    {t('remote.phone.unlink')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => onLink(device.udid)}
                    aria-label={`${t('remote.phone.link')} — ${device.name}`}
                  >
                    {t('remote.phone.link')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
