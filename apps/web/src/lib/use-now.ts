import { useEffect, useState } from 'react';

/** The clock, ticking every `intervalMs`: progress bars and countdowns re-render with it. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
