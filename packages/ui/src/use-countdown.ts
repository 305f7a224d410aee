import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of a countdown that runs while `running` (the web's and the TV's "next episode in
 * 10 s", decision 082): one tick a second, `onDone` once at zero. Stopped, it stands still; started
 * again, it counts from `seconds` anew.
 */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!running) return undefined;
    setLeft(seconds);
    let remaining = seconds;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      remaining -= 1;
      setLeft(remaining);
      if (remaining <= 0) done.current();
      else timer = setTimeout(tick, 1000);
    };
    timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [seconds, running]);
  return left;
}
