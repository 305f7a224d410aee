import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import type { Channel } from '@playz/api-contract';
import { currentScheduleEntry } from '@playz/domain';
import { useChannels } from '@playz/queries';
import { RatingBadge } from '@/components/rating-badge';
import { channelPlayerIdOf, tvPaths } from '@/app/paths';
import { focusKeysOnly } from '@/navigation/remote-keys';
import { FocusSection, useTvFocusable } from '@/navigation/focusable';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import './channel-panel.css';

const focusKeyOf = (channel: Pick<Channel, 'channelID'>) => `player-channel-${channel.channelID}`;

function ChannelRow({
  channel,
  number,
  current,
  onZap,
}: {
  channel: Channel;
  number: number;
  current: boolean;
  onZap: (channel: Channel) => void;
}) {
  const onSelect = useCallback(() => onZap(channel), [onZap, channel]);
  const { ref, focused } = useTvFocusable<HTMLButtonElement>({ focusKey: focusKeyOf(channel), onSelect });
  const now = Date.now();
  const onAir = currentScheduleEntry(channel.schedules, now);
  const progress = onAir ? (now - Date.parse(onAir.dateScheduled)) / (onAir.duration * 1000) : null;
  return (
    <li>
      <button
        ref={ref}
        type="button"
        tabIndex={-1}
        className="tv-channels__item"
        data-focused={focused || undefined}
        aria-current={current ? 'true' : undefined}
        // A pointer remote (Magic Remote) clicks too.
        onClick={onSelect}
      >
        <span className="tv-channels__number">{number}</span>
        {channel.thumbnailUrl ? <img className="tv-channels__logo" src={channel.thumbnailUrl} alt="" /> : null}
        <span className="tv-channels__text">
          <span className="tv-channels__name">{channel.name}</span>
          <span className="tv-channels__programme">
            <span className="tv-channels__programme-title">{onAir?.content.title ?? '—'}</span>
            {/* The programme on air's rating, in the button's name after its title (decision 082). */}
            {onAir?.content.rating ? ' ' : null}
            <RatingBadge rating={onAir?.content.rating} />
          </span>
          {progress !== null ? (
            <span className="tv-channels__progress" aria-hidden="true">
              <span style={{ width: `${Math.min(100, Math.max(0, progress * 100))}%` }} />
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

/**
 * The channel side panel of every player page (spec 1 §2, spec 2 §2; decision 075): the channels
 * with their number and programme on air, over the left of the picture, which plays on. Up and
 * down move through them, OK zaps (in place on a channel's player, as channel up and down do; from
 * a film, the channel opens and back returns to the film), back, right or Guide closes it.
 */
export function ChannelPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentId = channelPlayerIdOf(pathname);
  const channels = useChannels();
  const list = channels.data ?? [];
  const zap = useCallback(
    (channel: Channel) => {
      onClose();
      if (String(channel.channelID) === currentId) return;
      void navigate(tvPaths.channelPlayer(channel.channelID), { replace: currentId !== null });
    },
    [navigate, onClose, currentId],
  );
  // A modal over the player: the arrows and OK are the panel's, never the player's seek and pause.
  useRemoteKeys((key) => {
    if (key === 'back' || key === 'stop' || key === 'right' || key === 'guide') {
      onClose();
      return true;
    }
    return focusKeysOnly(key);
  });
  // The channel playing has the focus at first, else the first channel.
  const first = list.find((channel) => String(channel.channelID) === currentId) ?? list[0];
  const firstKey = first ? focusKeyOf(first) : null;
  useEffect(() => {
    if (firstKey) void setFocus(firstKey);
  }, [firstKey]);

  return (
    <div className="tv-channels" role="dialog" aria-label={t('player.channelList')}>
      <h2 className="tv-channels__title">{t('player.channelList')}</h2>
      {list.length === 0 ? (
        <p className="tv-channels__empty">{channels.isPending ? t('common.loading') : t('tv.live.empty')}</p>
      ) : (
        <FocusSection focusKey="player-channel-list" className="tv-channels__list" boundary>
          <ol>
            {list.map((channel, index) => (
              <ChannelRow
                key={channel.channelID}
                channel={channel}
                number={index + 1}
                current={String(channel.channelID) === currentId}
                onZap={zap}
              />
            ))}
          </ol>
        </FocusSection>
      )}
    </div>
  );
}
