import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createJobStats } from '../src/jobs';
import { createMemoryDeviceLeaseStore } from '../src/streaming/device-lease-store';
import { registerMetrics } from '../src/plugins/metrics';

// Observability, decision 038: job runs and failures, the dead-letter count, billing
// outcomes and the streams playing now, in /metrics' Prometheus text.
describe('GET /metrics — jobs, billing outcomes, active streams (decision 038)', () => {
  it('counts job runs by outcome, dead letters, billing outcomes and unexpired device leases', async () => {
    const stats = createJobStats();
    stats.record('billing-lifecycle', 'completed');
    stats.record('billing-lifecycle', 'completed');
    stats.record('outbox-prune', 'failed');
    const leases = createMemoryDeviceLeaseStore();
    const nowMs = Date.now();
    await leases.take('account:1', 'session-a', { limit: 2, ttlMs: 60_000, nowMs });
    await leases.take('account:1', 'session-b', { limit: 2, ttlMs: 60_000, nowMs });
    await leases.take('account:2', 'session-c', { limit: 2, ttlMs: 1, nowMs: nowMs - 10 }); // already over
    const app = Fastify();
    registerMetrics(app, {
      token: null,
      ingests: () => [],
      jobs: { stats, deadLetters: async () => 3 },
      billingOutcomes: () => new Map([['renewed', 4]]),
      activeStreams: () => leases.countActive(Date.now()),
    });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(text).toContain('playz_job_runs_total{job="billing-lifecycle",outcome="completed"} 2');
    expect(text).toContain('playz_job_runs_total{job="outbox-prune",outcome="failed"} 1');
    expect(text).toMatch(/^playz_jobs_dead_letters 3$/m);
    expect(text).toContain('playz_billing_outcomes_total{outcome="renewed"} 4');
    expect(text).toMatch(/^playz_active_streams 2$/m);
    await app.close();
  });
});
