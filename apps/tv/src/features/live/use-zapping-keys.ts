import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Channel } from '@playz/api-contract';
import { tvPaths } from '@/app/paths';
import { digitOf } from '@/lib/digits';
import { useRemoteKeys } from '@/navigation/use-remote-keys';
import { channelByNumber, createNumberEntry, zapDelta, zapFrom } from './zapping';

/**
 * Zapping on the channel player (spec 2 §2 live player, decision 035): channel up / down (Page Up /
 * Page Down in a browser) and digits. The address changes in place (replace): back leaves the
 * player rather than walking through every channel seen. Returns the digits being typed.
 */
export function useZappingKeys(channels: readonly Channel[], currentId: number | null): string {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const latest = useRef({ channels, currentId });
  latest.current = { channels, currentId };
  const go = (channel: Channel | null) => {
    // Rendered at once rather than as a transition: the player is told of the zap within the key's
    // own task, before anything else is drawn (decision 119).
    if (channel) void navigate(tvPaths.channelPlayer(channel.channelID), { replace: true, flushSync: true });
  };
  const goRef = useRef(go);
  goRef.current = go;
  const entry = useMemo(
    () => createNumberEntry((number) => goRef.current(channelByNumber(latest.current.channels, number)), setTyped),
    [],
  );
  useEffect(() => () => entry.cancel(), [entry]);
  useRemoteKeys((key) => {
    const delta = zapDelta(key);
    if (delta !== 0) {
      const { channels: list, currentId: id } = latest.current;
      if (id !== null) go(zapFrom(list, id, delta));
      return true;
    }
    const digit = digitOf(key);
    if (digit !== null) {
      entry.digit(digit);
      return true;
    }
    return false;
  });
  return typed;
}
