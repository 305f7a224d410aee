import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { AdaptiveStream } from '@playz/api-contract';

/**
 * A first visit's View stream asked by the entry before the page has rendered (decisions 120,
 * 131, 138): `observer` holds the answer (stream queries have `gcTime` 0) until the page observes
 * a stream of its own, and a tab closed before that gives back the device place the View took
 * (spec 1 §6, keepalive). `pageStream` tells, for a query another observer joined, whether it is
 * the page's stream: `'same'` (the page holds the answer and its place from then on), `'other'`
 * (the page plays another stream: this View's place is given back), or null (not the page's).
 * Returns the release of the hold (no call).
 */
/** What the hold needs of the entry's stream observer (a TanStack `QueryObserver`, whatever its key's type). */
interface StreamObserver {
  getCurrentResult(): { data?: AdaptiveStream | undefined };
  subscribe(listener: (result: StreamResult) => void): () => void;
}
type StreamResult = { status: 'pending' | 'success' | 'error'; data?: AdaptiveStream | undefined };

export function holdPageStream(
  services: { api: ApiClient; queryClient: QueryClient },
  observer: StreamObserver,
  onResult: (result: StreamResult) => void,
  pageStream: (queryKey: readonly unknown[]) => 'same' | 'other' | null,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): () => void {
  const givePlaceBack = () => {
    if (observer.getCurrentResult().data?.usage === 'View')
      void services.api.stopPlayback({ keepalive: true }).catch(() => undefined);
  };
  const onPageHide = () => {
    givePlaceBack();
    release();
  };
  const unsubscribe = services.queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || event.observer === observer) return;
    const verdict = pageStream(event.query.queryKey);
    if (verdict === null) return;
    if (verdict === 'other') givePlaceBack();
    release();
  });
  win.addEventListener('pagehide', onPageHide);
  const stopObserving = observer.subscribe(onResult);
  function release() {
    unsubscribe();
    win.removeEventListener('pagehide', onPageHide);
    stopObserving();
  }
  return release;
}
