import { useTranslation } from 'react-i18next';
import type { Channel, Schedule } from '@playz/api-contract';
import { timeOfDay } from '@/lib/clock';

/** The channel's number, name and programme on air, shown over the video after a zap or while typing a number. */
export function ZapBanner({
  channel,
  number,
  onAir,
  typed,
}: {
  channel: Pick<Channel, 'name' | 'thumbnailUrl'>;
  number: number;
  onAir: Schedule | null;
  typed: string;
}) {
  const { t, i18n } = useTranslation();
  const ends = onAir ? new Date(Date.parse(onAir.dateScheduled) + onAir.duration * 1000) : null;
  return (
    <div className="zap-banner" role="status" aria-live="polite">
      <span className="zap-banner__number">{typed || number}</span>
      {channel.thumbnailUrl ? <img className="zap-banner__logo" src={channel.thumbnailUrl} alt="" /> : null}
      <div className="zap-banner__text">
        <span className="zap-banner__channel">{channel.name}</span>
        {onAir ? (
          <span className="zap-banner__programme">
            {onAir.content.title}
            {ends ? ` · ${t('tv.live.until', { time: timeOfDay(ends, i18n.language) })}` : ''}
          </span>
        ) : null}
      </div>
    </div>
  );
}
