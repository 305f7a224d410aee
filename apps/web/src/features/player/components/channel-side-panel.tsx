import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { Channel } from '@playz/api-contract';
import { programmeStatus } from '@playz/domain';
import { RatingBadge } from '@/components/rating-badge';
import { channelPath } from '@/lib/catalogue-links';
import '../channel-panel.css';

interface ChannelSidePanelProps {
  channels: readonly Channel[];
  /** The channel playing on a channel's page; none elsewhere. */
  currentId: number | null;
  now: number;
}

/**
 * The channel side panel of the player pages (spec 2 §2): every channel's logo, its number,
 * what is on now and how far it is. The current channel is marked for assistive technology.
 */
export function ChannelSidePanel({ channels, currentId, now }: ChannelSidePanelProps) {
  const { t } = useTranslation();
  return (
    <nav className="channel-panel" aria-label={t('player.channelList')}>
      <ol className="channel-panel__list">
        {channels.map((channel, index) => {
          const onAir = channel.schedules[0];
          const status = onAir ? programmeStatus(onAir, now) : null;
          const isCurrent = channel.channelID === currentId;
          return (
            <li key={channel.channelID}>
              <Link
                to={channelPath(channel)}
                className={`channel-panel__item${isCurrent ? ' channel-panel__item--current' : ''}`}
                aria-current={isCurrent ? 'page' : undefined}
                data-testid={`channel-${channel.channelID}`}
              >
                <span className="channel-panel__number">{index + 1}</span>{' '}
                <span className="channel-panel__logo">
                  {channel.thumbnailUrl ? <img src={channel.thumbnailUrl} alt="" loading="lazy" /> : null}
                </span>
                <span className="channel-panel__text">
                  <span className="channel-panel__name">{channel.name}</span>{' '}
                  <span className="channel-panel__now">
                    <span className="channel-panel__now-title">{channel.currentContent?.title ?? '—'}</span>
                    {/* The programme on air's rating (decision 082), after its title in the name. */}
                    {channel.currentContent?.rating ? ' ' : null}
                    <RatingBadge rating={channel.currentContent?.rating} />
                  </span>
                  {status ? (
                    <span className="channel-panel__progress" aria-hidden="true">
                      <span style={{ width: `${Math.round(status.progress * 100)}%` }} />
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
