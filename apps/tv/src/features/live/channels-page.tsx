import { useCallback, useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@playz/api-contract';
import { currentScheduleEntry } from '@playz/domain';
import { useChannels } from '@playz/queries';
import { hasRatingBadge } from '@playz/ui';
import { tvPaths } from '@/app/paths';
import { useDevice } from '@/app/device-context';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { usePageFocus } from '@/navigation/use-page-focus';
import { PageState } from '@/components/page-state';
import { RatingBadge, RatingDescription } from '@/components/rating-badge';

function ChannelCard({ channel, number, showImage }: { channel: Channel; number: number; showImage: boolean }) {
  const navigate = useNavigate();
  const onSelect = useCallback(() => void navigate(tvPaths.channelPlayer(channel.channelID)), [navigate, channel]);
  const { ref, focused } = useTvFocusable<HTMLDivElement>({ focusKey: `channel-${channel.channelID}`, onSelect });
  const onAir = currentScheduleEntry(channel.schedules, Date.now());
  const progress = onAir ? (Date.now() - Date.parse(onAir.dateScheduled)) / (onAir.duration * 1000) : null;
  const image = onAir?.content.images.landscape ?? channel.images.landscape ?? channel.posterUrl;
  const ratingId = useId();
  const rating = onAir?.content.rating;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="link"
      aria-label={channel.name}
      // The programme on air's rating is said after the channel's name (decision 082).
      aria-describedby={hasRatingBadge(rating) ? ratingId : undefined}
      data-focused={focused || undefined}
      className="channel-card"
    >
      <div className="channel-card__art">
        {showImage && image ? <img src={image} alt="" loading="lazy" decoding="async" /> : null}
        <span className="channel-card__number">{number}</span>
        {channel.thumbnailUrl ? <img className="channel-card__logo" src={channel.thumbnailUrl} alt="" /> : null}
      </div>
      <div className="channel-card__text">
        <span className="channel-card__name">{channel.name}</span>
        <span className="channel-card__programme">
          <span className="channel-card__programme-title">{onAir?.content.title ?? channel.description}</span>
          {onAir ? <RatingBadge rating={rating} /> : null}
        </span>
        {progress !== null ? (
          <span className="tile__progress">
            <span style={{ width: `${Math.min(100, Math.max(0, progress * 100))}%` }} />
          </span>
        ) : null}
      </div>
      {onAir ? <RatingDescription rating={rating} id={ratingId} /> : null}
    </div>
  );
}

/** Live channels (spec 2 §2): every channel with its programme on air; OK plays it full screen. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const { lowMemory } = useDevice();
  const channels = useChannels();
  const list = channels.data ?? [];
  usePageFocus(list[0] ? `channel-${list[0].channelID}` : 'menu', !channels.isPending);
  if (list.length === 0)
    return (
      <PageState
        loading={channels.isPending}
        failed={channels.isError}
        empty={t('tv.live.empty')}
        onRetry={() => void channels.refetch()}
      />
    );
  return (
    <div className="channels">
      <h1 className="page-title">{t('tv.live.title')}</h1>
      <FocusSection focusKey="channels-grid" className="channels__grid">
        {list.map((channel, index) => (
          // The low-memory page shows the programme pictures of the first screen only.
          <ChannelCard
            key={channel.channelID}
            channel={channel}
            number={index + 1}
            showImage={!lowMemory || index < 8}
          />
        ))}
      </FocusSection>
    </div>
  );
}
