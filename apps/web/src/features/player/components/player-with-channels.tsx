import type { ReactNode } from 'react';
import { useChannels } from '@playz/queries';
import { useNow } from '@/lib/use-now';
import { ChannelSidePanel } from './channel-side-panel';

/**
 * Player pages have a channel side panel (spec 1 §2, spec 2 §2): the content, episode, list and
 * live event players show the channels beside them as the channel player does, none marked as
 * playing. Until the channels come (or if they do not), the page has the width alone; the page
 * itself stays where it is in the tree, so a player in it is not made again when they come.
 */
export function PlayerWithChannels({ children }: { children: ReactNode }) {
  const channels = useChannels();
  // What is on now moves by the minute; the channel player's own panel ticks faster for its guide.
  const now = useNow(30_000);
  const list = channels.data ?? [];
  return (
    <div className={`player-with-channels${list.length > 0 ? ' player-with-channels--panel' : ''}`}>
      <div className="player-with-channels__main">{children}</div>
      {list.length > 0 ? <ChannelSidePanel channels={list} currentId={null} now={now} /> : null}
    </div>
  );
}
