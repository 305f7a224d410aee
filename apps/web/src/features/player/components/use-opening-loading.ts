import { useEffect, useState } from 'react';
import { openings } from '@playz/player';

/**
 * Whether the opening of `key` is still loading: a first visit's player page started it from the
 * page's HTML (decision 111) or from the entry (a live channel, decision 138) and can be ready to
 * play before the opening has decoded its first frame. The player then waits for it
 * (`Openings.settled`, a few seconds at most) rather than dropping it and fetching the same
 * seconds again.
 */
export function useOpeningLoading(key: string | undefined): boolean {
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const loading = key !== undefined && key !== settledKey && openings.pending(key);
  useEffect(() => {
    if (!loading || key === undefined) return;
    let current = true;
    void openings.settled(key).then(() => current && setSettledKey(key));
    return () => {
      current = false;
    };
  }, [loading, key]);
  return loading;
}
