/**
 * A clock a test can hold still. The attempt limits and message budgets count in windows of the
 * app's clock (lib/rate-limiter.ts: a minute, a quarter-hour, an hour, a day): a test counting up to
 * a limit on the real clock, whose attempts straddle a window's turn, starts a fresh count and gets
 * one more attempt through than the rule allows. Give `now` to the app, `hold()` in the test that
 * counts, `release()` after each test; `heldClock()` is one held from the start, for an app of one
 * test.
 */
export function holdableClock() {
  let heldAt: Date | null = null;
  return {
    now: (): Date => heldAt ?? new Date(),
    hold() {
      heldAt = new Date();
    },
    release() {
      heldAt = null;
    },
  };
}

/** A clock held at the instant it is made. */
export function heldClock(): () => Date {
  const clock = holdableClock();
  clock.hold();
  return clock.now;
}
