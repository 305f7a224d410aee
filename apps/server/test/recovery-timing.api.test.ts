import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// Forgot password must not tell a known e-mail from an unknown one by how long it takes to answer
// (issue 10: 5.9 against 4.3 ms median, measured from outside). Medians of many interleaved
// samples are compared with a tolerance wide enough for a loaded 2-core machine.
let t: TestApp;
let clock = new Date('2026-11-25T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const SAMPLES = 200;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timeForgotPassword(email: string, ip: string): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/1.2/customer/forgot-password?email=${encodeURIComponent(email)}`,
    headers: { 'x-forwarded-for': ip },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  expect(res.json().Response).toEqual({ Result: true });
  return ms;
}

async function measureRound(): Promise<{ difference: number; tolerance: number }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = -20; i < SAMPLES; i += 1) {
    // A new quarter of an hour for each pair: the per-e-mail and per-address limits start again.
    clock = new Date(clock.getTime() + 15 * 60 * 1000);
    const ip = `198.51.100.${(i + 21) % 250}`;
    // Random order within the pair, so whatever runs after an answer weighs on both sides alike.
    const knownFirst = Math.random() < 0.5;
    const order = knownFirst ? ['demo@playz.fr', `nobody.${i}@playz.fr`] : [`nobody.${i}@playz.fr`, 'demo@playz.fr'];
    for (const email of order) {
      const ms = await timeForgotPassword(email, ip);
      // The first 20 pairs warm the code paths up and are not kept.
      if (i >= 0) (email === 'demo@playz.fr' ? known : unknown).push(ms);
      // Let work left after the answer finish before the next sample starts.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const [knownMedian, unknownMedian] = [median(known), median(unknown)];
  // A quarter of the slower median (0.2 ms at least): before the fix a known e-mail took twice
  // as long in process (1.5 against 0.75 ms here, 5.9 against 4.3 ms from outside).
  const tolerance = Math.max(0.2, 0.25 * Math.max(knownMedian, unknownMedian));
  console.info(
    `forgot-password medians: known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms (tolerance ${tolerance.toFixed(2)} ms)`,
  );
  return { difference: Math.abs(knownMedian - unknownMedian), tolerance };
}

describe('issue 10: forgot-password timing tells known from unknown e-mails', () => {
  it('answers a known and an unknown e-mail in the same time (medians of 200 interleaved samples)', async () => {
    // A round the machine's other work skewed (a second test worker on 2 cores) is measured once
    // more; a real difference (twice as long before the fix) shows in both rounds.
    let round = await measureRound();
    if (round.difference >= round.tolerance) round = await measureRound();
    expect(round.difference).toBeLessThan(round.tolerance);
  }, 240_000);
});
