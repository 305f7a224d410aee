import { useTranslation } from 'react-i18next';
import type { PlayingDevice } from '@playz/api-contract';
import { usePlayingDevices, useStopPlayingDevice } from '@playz/queries';
import { TvButton } from '@/components/tv-button';
import { FocusSection } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';

const TYPES = ['Desktop', 'Mobile', 'Tablet', 'TV'] as const;

/**
 * The account already plays on as many devices as it may (spec 1 §6, decision 018): said over the
 * player, with the devices holding the places, each of which can be stopped there and then
 * (decision 061: the stream is then asked again and plays), and a retry.
 */
export function DevicesLimitOverlay({ onRetry }: { onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  usePageFocus('devices-retry', true);
  const devices = usePlayingDevices();
  const stop = useStopPlayingDevice();
  const others = devices.data?.filter((device) => !device.isCurrent) ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const describe = (device: PlayingDevice) => {
    const type = TYPES.find((known) => known === device.type);
    const since = t('devicePlaces.since', { date: date.format(new Date(device.since)) });
    return [type ? t(`devicePlaces.types.${type}`) : null, since].filter(Boolean).join(' — ');
  };
  return (
    <div className="locked" role="alertdialog" aria-label={t('errors.devicesLimitTitle')}>
      <h2 className="locked__title">{t('errors.devicesLimitTitle')}</h2>
      <p className="locked__text">{t('errors.devicesLimitMessage')}</p>
      {others.length > 0 ? <p className="locked__text">{t('devicePlaces.intro')}</p> : null}
      {stop.isError ? (
        <p className="locked__text" role="status">
          {t('devicePlaces.none')}
        </p>
      ) : null}
      <FocusSection focusKey="devices-actions" className="locked__actions locked__actions--column">
        <TvButton focusKey="devices-retry" primary label={t('tv.retry')} onSelect={onRetry} />
        {others.map((device) => (
          <TvButton
            key={device.ID}
            focusKey={`devices-stop-${device.ID}`}
            label={`${t('devicePlaces.stopOn', { name: device.name })} (${describe(device)})`}
            onSelect={() => {
              if (!stop.isPending) stop.mutate(device.ID);
            }}
          />
        ))}
      </FocusSection>
    </div>
  );
}
