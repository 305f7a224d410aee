import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { prepareData } from '../../../apps/server/src/startup';

/**
 * Forgot password must not tell a known e-mail from an unknown one by how long it takes to answer
 * (a security finding: 5.9 against 4.3 ms median, measured from outside). A measurement, so a
 * benchmark rather than a test (a test asserts behaviour: apps/server/src/modules/recovery/
 * recovery.service.test.ts checks that nothing about the address happens before the answer).
 *
 * `npx tsx bench/src/recovery/forgot-password-timing.ts [samples]`: medians of interleaved samples
 * of a known and an unknown e-mail, in process (inject), on the demo data; exits 1 when the medians
 * differ by more than the tolerance (a quarter of the slower median, 0.2 ms at least: before the
 * fix a known e-mail took twice as long).
 */
const SAMPLES = Number(process.argv[2] ?? 400);
const WARM_UP = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-bench-forgot-'));
  let clock = new Date('2026-11-25T08:00:00Z');
  const config = loadConfig({
    NODE_ENV: 'production',
    PLAYZ_DEMO: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLAYZ_SKIP_MEDIA: '1',
    LIVE_INGEST: '0',
    BILLING_JOB: '0',
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const database = await prepareData(config);
  const app = await buildApp(config, {
    database,
    streamSecret: 'bench-secret-bench-secret-bench-secret',
    now: () => clock,
  });
  await app.ready();
  const time = async (email: string, ip: string) => {
    const start = process.hrtime.bigint();
    const res = await app.inject({
      method: 'GET',
      url: `/api/1.2/customer/forgot-password?email=${encodeURIComponent(email)}`,
      headers: { 'x-forwarded-for': ip },
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (JSON.stringify(res.json().Response) !== '{"Result":true}') throw new Error(`unexpected answer: ${res.body}`);
    return ms;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  try {
    for (let i = -WARM_UP; i < SAMPLES; i += 1) {
      // A new day for each pair: the per-e-mail and per-address limits and the mail budgets (per
      // recipient, per address; hourly and daily) start again, so every answer is the real one.
      clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
      const ip = `198.51.100.${(i + WARM_UP + 1) % 250}`;
      // Random order within the pair, so whatever runs after an answer weighs on both sides alike.
      const pair =
        Math.random() < 0.5 ? ['demo@playz.fr', `nobody.${i}@playz.fr`] : [`nobody.${i}@playz.fr`, 'demo@playz.fr'];
      for (const email of pair) {
        const ms = await time(email, ip);
        if (i >= 0) (email === 'demo@playz.fr' ? known : unknown).push(ms);
        // The work left after the answer finishes before the next sample starts.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const [knownMedian, unknownMedian] = [median(known), median(unknown)];
  const tolerance = Math.max(0.2, 0.25 * Math.max(knownMedian, unknownMedian));
  const difference = Math.abs(knownMedian - unknownMedian);
  console.log(
    `forgot-password, ${SAMPLES} pairs: known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms, ` +
      `difference ${difference.toFixed(2)} ms (tolerance ${tolerance.toFixed(2)} ms, load ${os.loadavg()[0]?.toFixed(1)})`,
  );
  if (difference >= tolerance) {
    console.error('The answer takes longer for one kind of e-mail: it tells them apart.');
    process.exitCode = 1;
  }
}

await main();
