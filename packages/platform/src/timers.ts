/** The timers the spec's waits use; tests pass fake ones (vi.useFakeTimers also works). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
