import { useEffect, useEffectEvent } from 'react';
import type { ScreenAsk } from '@playz/remote';

/*
 * Beyond the spec (decision 040): a TV screen that waits for the phone — the subscription paid by link
 * (decision 030), where the card, its 3-D Secure step and the typing happen on a phone — hands
 * that step to the linked phones instead of asking them to scan the QR. The TV's page then carries
 * `?handoff=<the link's URL>` in onNotifyCurrentRoute (decision 034 "Apps"); the phone offers to
 * open it, on its own origin only.
 */
let offer: string | null = null;
/** What the TV asks its phones to type now (@playz/remote screen-ask), and who takes the answer. */
let ask: ScreenAsk | null = null;
let takeCode: ((code: string) => void) | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of [...listeners]) listener();
};

function setOffer(next: string | null) {
  offer = next;
  changed();
}

/** The step the TV offers to its phones now, or null. */
export const currentHandoff = () => offer;

export function watchHandoff(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A screen offers `url` (a link page of ours) to the linked phones while it is shown. */
export function useHandoffToPhone(url: string | null) {
  useEffect(() => {
    if (!url) return;
    setOffer(url);
    return () => setOffer(null);
  }, [url]);
}

/** What the TV asks its phones to type now, or null. */
export const currentAsk = () => ask;

/**
 * The parental-code dialog asks the linked phones for the code while it is open (`wrong`: the
 * last one was refused, the phones say so); a code the phone sends goes to `onCode`, as if typed.
 */
export function useParentalCodeFromPhone(wrong: boolean, onCode: (code: string) => void) {
  const take = useEffectEvent(onCode);
  useEffect(() => {
    takeCode = (code) => take(code);
    return () => {
      takeCode = null;
      ask = null;
      changed();
    };
  }, []);
  useEffect(() => {
    ask = wrong ? 'parental-code-again' : 'parental-code';
    changed();
  }, [wrong]);
}

/** A code a phone sent (requestParentalCode): to the open dialog, else dropped (nothing asks it). */
export function deliverParentalCode(code: string): void {
  takeCode?.(code);
}

/** The TV's page as the phones hear it: its path, with the offered step and what it asks, if any. */
export function pageWithHandoff(path: string, handoff: string | null, asks: ScreenAsk | null = null): string {
  const query = new URLSearchParams();
  if (handoff) query.set('handoff', handoff);
  if (asks) query.set('asks', asks);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
