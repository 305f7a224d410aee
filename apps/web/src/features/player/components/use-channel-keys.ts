import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Channel } from '@playz/api-contract';
import { channelPath } from '@/lib/catalogue-links';

/** Typed digits wait this long for the next one before the channel changes (e.g. "1", "2" = 12). */
const CHANNEL_NUMBER_WAIT_MS = 1200;
/** A channel chosen by a key counts as the current one this long at most, until the page shows it. */
const PENDING_CHANNEL_MS = 3000;

/**
 * Channel keys (spec 2 §2 live player): channel up / down (a remote's keys, Page Up / Page Down
 * on a keyboard) and number keys, which choose a channel by its position in the list.
 */
export function useChannelKeys(channels: readonly Channel[], current: Channel | undefined) {
  const navigate = useNavigate();
  // Read at key time: a refetched list or a new channel must not cut short a number being typed.
  const latest = useRef({ channels, currentId: current?.channelID, navigate });
  latest.current = { channels, currentId: current?.channelID, navigate };
  // The channel a key went to, until the page shows it: a zap no longer waits for a new player,
  // so a second press can come before the page has rendered the first one's channel, and must
  // count from where the first one went (up twice = two channels up).
  const pending = useRef<{ id: number; at: number } | null>(null);
  if (pending.current && pending.current.id === current?.channelID) pending.current = null;
  useEffect(() => {
    let typed = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const go = (channel: Channel | undefined) => {
      if (!channel) return;
      pending.current = { id: channel.channelID, at: Date.now() };
      // Rendered within the key's task (flushSync): the player is told, and swaps onto its warm
      // standby, before other work runs (decision 128).
      void latest.current.navigate(channelPath(channel), { flushSync: true });
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)) return;
      const { channels: list } = latest.current;
      const waiting = pending.current && Date.now() - pending.current.at < PENDING_CHANNEL_MS ? pending.current : null;
      const currentId = waiting?.id ?? latest.current.currentId;
      const key = event.key.toLowerCase();
      const delta = ['pageup', 'channelup'].includes(key) ? 1 : ['pagedown', 'channeldown'].includes(key) ? -1 : 0;
      if (delta !== 0) {
        event.preventDefault();
        const index = list.findIndex((c) => c.channelID === currentId);
        if (index >= 0) go(list[(index + delta + list.length) % list.length]);
        return;
      }
      if (!/^[0-9]$/.test(event.key)) return;
      typed = `${typed}${event.key}`.slice(-2);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        go(latest.current.channels[Number(typed) - 1]);
        typed = '';
      }, CHANNEL_NUMBER_WAIT_MS);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (timer) clearTimeout(timer);
    };
  }, []);
}
