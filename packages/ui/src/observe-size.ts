/**
 * Calls `measure` once the element has been laid out and again whenever its size changes; returns
 * the function that stops it. With ResizeObserver the first call is the observer's own first
 * notification, which comes after the browser's layout, before paint: measuring at mount instead
 * (scrollHeight, clientWidth…) forces a synchronous layout of the whole page in the middle of its
 * first render — ~30 ms each on a player page's first visit (decision 033). Without it (tests, old
 * browsers) it measures at once. An element without a box (display: none) is not measured until
 * it gets one: the callers' defaults are what such a measure would give.
 */
export function observeSize(element: Element, measure: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') {
    measure();
    return () => {};
  }
  const observer = new ResizeObserver(() => measure());
  observer.observe(element);
  return () => observer.disconnect();
}
