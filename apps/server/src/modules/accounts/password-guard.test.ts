import { describe, expect, it } from 'vitest';
import { isApiError } from '@playz/domain';
import { createMemoryRateLimitStore, createRateLimiter } from '../../lib/rate-limiter';
import { ACCOUNT_SLOWDOWN_MS, createPasswordGuard, PASSWORD_GUESS_RULES } from './password-guard';

function guardAt(t: { ms: number }) {
  const waits: number[] = [];
  const limiter = createRateLimiter(createMemoryRateLimitStore(), () => t.ms);
  const guard = createPasswordGuard({
    limiter,
    now: () => new Date(t.ms),
    sleep: async (ms) => void waits.push(ms),
  });
  return { guard, waits };
}

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => false,
    (error: unknown) => isApiError(error) && (error as { status?: number }).status === 429,
  );

describe('password guard (decision 032)', () => {
  it('refuses a pair in growing steps: 5 a minute, 10 a quarter, 30 a day', async () => {
    const t = { ms: Date.parse('2026-11-25T00:00:00Z') };
    const { guard } = guardAt(t);
    const tries = async (n: number) => {
      const out: boolean[] = [];
      for (let i = 0; i < n; i += 1) out.push(await refused(guard.beforeGuess('a@b.fr', '1.1.1.1')));
      return out;
    };
    expect(await tries(6)).toEqual([false, false, false, false, false, true]);
    t.ms += 60_000;
    // 6 counted this quarter: 4 more, then refused until the quarter ends.
    expect(await tries(5)).toEqual([false, false, false, false, true]);
    for (let quarter = 1; quarter <= 2; quarter += 1) {
      t.ms = Date.parse('2026-11-25T00:00:00Z') + quarter * 15 * 60_000;
      await tries(5);
      t.ms += 60_000;
      await tries(5);
    }
    // 31 counted today: refused until midnight, from this address only.
    t.ms = Date.parse('2026-11-25T01:00:00Z');
    expect(await tries(1)).toEqual([true]);
    expect(await refused(guard.beforeGuess('a@b.fr', '2.2.2.2'))).toBe(false);
    t.ms = Date.parse('2026-11-26T00:00:00Z');
    expect(await tries(1)).toEqual([false]);
  });

  it("forgets a pair's count on success, not another pair's", async () => {
    const t = { ms: 0 };
    const { guard } = guardAt(t);
    for (let i = 0; i < 5; i += 1) {
      await guard.beforeGuess('a@b.fr', '1.1.1.1');
      await guard.beforeGuess('a@b.fr', '9.9.9.9');
    }
    await guard.succeeded('a@b.fr', '1.1.1.1');
    expect(await refused(guard.beforeGuess('a@b.fr', '1.1.1.1'))).toBe(false);
    expect(await refused(guard.beforeGuess('a@b.fr', '9.9.9.9'))).toBe(true);
  });

  it('never refuses the account as a whole: past its ceiling every attempt only waits', async () => {
    const t = { ms: 0 };
    const { guard, waits } = guardAt(t);
    const crowd = PASSWORD_GUESS_RULES.accountCeiling.max + 20;
    // Guessers from many addresses, 4 each (under every pair limit).
    for (let i = 0; i < crowd; i += 1) await guard.beforeGuess('a@b.fr', `10.0.${Math.floor(i / 4)}.1`);
    expect(waits).toEqual(Array.from({ length: 20 }, () => ACCOUNT_SLOWDOWN_MS));
    // The owner still gets through, after the same wait.
    expect(await refused(guard.beforeGuess('a@b.fr', '203.0.113.7'))).toBe(false);
    expect(waits).toHaveLength(21);
  });

  it('refuses one address guessing many accounts past 100 a quarter of an hour', async () => {
    const t = { ms: 0 };
    const { guard } = guardAt(t);
    for (let i = 0; i < PASSWORD_GUESS_RULES.address.max; i += 1) await guard.beforeGuess(`u${i}@b.fr`, '6.6.6.6');
    expect(await refused(guard.beforeGuess('new@b.fr', '6.6.6.6'))).toBe(true);
  });

  it('decision 084: support forgives the account, every address refused for it may try again, others stay refused', async () => {
    const t = { ms: Date.parse('2026-11-25T00:00:00Z') };
    const { guard } = guardAt(t);
    for (let i = 0; i < 5; i += 1) await guard.beforeGuess('a@b.fr', '1.1.1.1');
    for (let i = 0; i < 5; i += 1) await guard.beforeGuess('a@b.fr', '2.2.2.2');
    for (let i = 0; i < 5; i += 1) await guard.beforeGuess('c@d.fr', '1.1.1.1');
    expect(await refused(guard.beforeGuess('a@b.fr', '1.1.1.1'))).toBe(true);
    expect(await refused(guard.beforeGuess('a@b.fr', '2.2.2.2'))).toBe(true);
    await guard.forgive('a@b.fr');
    expect(await refused(guard.beforeGuess('a@b.fr', '1.1.1.1'))).toBe(false);
    expect(await refused(guard.beforeGuess('a@b.fr', '2.2.2.2'))).toBe(false);
    expect(await refused(guard.beforeGuess('c@d.fr', '1.1.1.1'))).toBe(true);
  });
});
