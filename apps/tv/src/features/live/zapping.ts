import type { Channel } from '@playz/api-contract';
import type { RemoteKey } from '@playz/platform';

/** Typed digits wait this long for the next one before the channel changes ("1", "2" = 12). */
export const CHANNEL_NUMBER_WAIT_MS = 1200;
/** Channel numbers have at most this many digits. */
const MAX_DIGITS = 3;

type ChannelLike = Pick<Channel, 'channelID'>;

/** Channel up / down wrap around the list (spec 2 §2 live player). */
export function zapFrom<T extends ChannelLike>(channels: readonly T[], currentId: number, delta: 1 | -1): T | null {
  if (channels.length === 0) return null;
  const index = channels.findIndex((c) => c.channelID === currentId);
  const from = index < 0 ? 0 : index;
  return channels[(from + delta + channels.length) % channels.length] ?? null;
}

/** A channel's number is its position in the list, from 1 (as on the web player's number keys). */
export function channelByNumber<T>(channels: readonly T[], typed: string): T | null {
  const number = Number(typed);
  return Number.isInteger(number) && number >= 1 ? (channels[number - 1] ?? null) : null;
}

/**
 * Digits typed on the remote, gathered into one number: each digit restarts the wait, and the
 * number is handed over when the wait ends or it has MAX_DIGITS digits.
 */
export function createNumberEntry(onNumber: (typed: string) => void, onTyping: (typed: string) => void) {
  let typed = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    clearTimeout(timer);
    const number = typed;
    typed = '';
    onTyping('');
    if (number) onNumber(number);
  };
  return {
    digit(digit: string) {
      typed = `${typed}${digit}`;
      onTyping(typed);
      clearTimeout(timer);
      if (typed.length >= MAX_DIGITS) finish();
      else timer = setTimeout(finish, CHANNEL_NUMBER_WAIT_MS);
    },
    cancel() {
      clearTimeout(timer);
      typed = '';
    },
  };
}

export function zapDelta(key: RemoteKey): 1 | -1 | 0 {
  return key === 'channelUp' ? 1 : key === 'channelDown' ? -1 : 0;
}
