import type { MessageKey } from './message-key';

/**
 * The label of a single purchase's button (spec 3 §3 ContentPurchase, LivePurchase), read with
 * `{ price, hours }`: a live event's pass, a rental for its hours, or a rental for as long as the
 * film is there. The web's locked player, the phone paying for its TV and the TV say it alike.
 */
export function purchaseLabelKey(kind: 'rent' | 'pass', hours: number | null): MessageKey {
  if (kind === 'pass') return 'player.eventPass';
  return hours ? 'player.rentFor' : 'player.rent';
}
