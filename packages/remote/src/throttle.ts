import { REMOTE_TIME_UPDATE_STEP_MS } from './envelope';

/** Time as the throttle reads it (tests drive it by hand). */
export interface ThrottleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Sends a pending call now (pause, seek and end must not wait for the next step). */
  flush(): void;
  cancel(): void;
}

/**
 * At most one call per `stepMs` (spec 2 §9: remote video time updates every 100 ms). The first
 * call goes at once, later ones inside the step are folded into one trailing call with the
 * latest arguments, so the phone's position is never older than one step.
 */
export function createThrottle<A extends unknown[]>(
  send: (...args: A) => void,
  stepMs = REMOTE_TIME_UPDATE_STEP_MS,
  clock: ThrottleClock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  },
): Throttled<A> {
  let last = -Infinity;
  let pending: A | null = null;
  let timer: unknown = null;

  const fire = () => {
    timer = null;
    if (!pending) return;
    const args = pending;
    pending = null;
    last = clock.now();
    send(...args);
  };

  const throttled = ((...args: A) => {
    pending = args;
    const wait = last + stepMs - clock.now();
    if (wait <= 0) {
      if (timer) clock.clearTimeout(timer);
      fire();
    } else if (!timer) {
      timer = clock.setTimeout(fire, wait);
    }
  }) as Throttled<A>;
  throttled.flush = () => {
    if (timer) clock.clearTimeout(timer);
    fire();
  };
  throttled.cancel = () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
