import { useEffect } from 'react';

/*
 * Beyond the spec (issue 11): a TV screen that waits for the phone — the subscription paid by link
 * (decision 030), where the card, its 3-D Secure step and the typing happen on a phone — hands
 * that step to the linked phones instead of asking them to scan the QR. The TV's page then carries
 * `?handoff=<the link's URL>` in onNotifyCurrentRoute (decision 034 "Apps"); the phone offers to
 * open it, on its own origin only.
 */
let offer: string | null = null;
const listeners = new Set<() => void>();

function setOffer(next: string | null) {
  offer = next;
  for (const listener of [...listeners]) listener();
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

/** The TV's page as the phones hear it: its path, with the offered step when there is one. */
export function pageWithHandoff(path: string, handoff: string | null): string {
  return handoff ? `${path}?handoff=${encodeURIComponent(handoff)}` : path;
}
