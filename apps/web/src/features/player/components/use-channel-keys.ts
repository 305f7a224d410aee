import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Channel } from '@playz/api-contract';
import { channelPath } from '@/lib/catalogue-links';

/** Typed digits wait this long for the next one before the channel changes (e.g. "1", "2" = 12). */
const CHANNEL_NUMBER_WAIT_MS = 1200;

/**
 * Channel keys (spec 2 §2 live player): channel up / down (a remote's keys, Page Up / Page Down
 * on a keyboard) and number keys, which choose a channel by its position in the list.
 */
export function useChannelKeys(channels: readonly Channel[], current: Channel | undefined) {
  const navigate = useNavigate();
  // Read at key time: a refetched list or a new channel must not cut short a number being typed.
  const latest = useRef({ channels, currentId: current?.channelID, navigate });
  latest.current = { channels, currentId: current?.channelID, navigate };
  useEffect(() => {
    let typed = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const go = (channel: Channel | undefined) => {
      if (channel) void latest.current.navigate(channelPath(channel));
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)) return;
      const { channels: list, currentId } = latest.current;
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
