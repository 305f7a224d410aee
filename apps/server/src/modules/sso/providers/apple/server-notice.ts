import type { JWTPayload } from 'jose';
import { ProviderRefusal, trimmedText, type ProviderNotice, type ProviderNoticeEvent } from '../provider';

const EVENTS: readonly ProviderNoticeEvent[] = ['email-disabled', 'email-enabled', 'consent-revoked', 'account-delete'];

/**
 * The claims of a Sign in with Apple server-to-server notification, once its signature is checked
 * (decision 086): `events` is a JSON string with the type, the person's `sub` and `event_time` (in
 * milliseconds); the notification's `jti` makes a redelivery known.
 */
export function readAppleNotice(claims: JWTPayload): ProviderNotice | null {
  let events: Record<string, unknown>;
  try {
    const raw = claims.events;
    events = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  } catch {
    throw new ProviderRefusal('events is not JSON');
  }
  const event = EVENTS.find((e) => e === events?.type);
  const subject = trimmedText(events?.sub, 255);
  const id = trimmedText(claims.jti, 255);
  if (!subject || !id) throw new ProviderRefusal('events without sub or jti');
  // A type Apple adds later is Apple's and well signed: acknowledged, nothing to do.
  if (!event) return null;
  const time = Number(events.event_time);
  return {
    id,
    subject,
    event,
    // Apple writes milliseconds; seconds are read too, should a notice come with them.
    at: new Date(Number.isFinite(time) ? (time < 1e12 ? time * 1000 : time) : Number(claims.iat) * 1000),
    wantsConfirmation: false,
  };
}
