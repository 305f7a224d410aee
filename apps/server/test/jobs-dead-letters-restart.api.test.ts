import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSecondNode, createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// The in-process job queue's dead letters outlive a restart (decision 109): the one-node SQLite
// deployment keeps them in `job_dead_letters`, so after the process starts again the console lists
// the same failed run, and a retry runs it once more with its data.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let restarted: FastifyInstance | null = null;
let roles: StaffConsole['roles'] = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ roles } = await staffConsole(t, () => (clock += 31_000), []));
});
afterAll(async () => {
  await restarted?.close();
  await t.close();
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string) =>
  app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie: roles.admin!, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
const failedOf = async (app: FastifyInstance) =>
  (await call(app, 'GET', '/jobs/queues/media-transcode/failed')).json().Response as {
    total: number;
    jobs: { id: string; attempts: number; error: string; payload: string }[];
  };

describe('spec console §money-and-health: the in-process dead-letter list across a restart (decision 109)', () => {
  it('a failed run is still listed after the app starts again, and its retry runs it once more with its data', async () => {
    // A transcode of an upload that does not exist fails at once: a dead letter with its data.
    await t.app.jobs.enqueue('media-transcode', { uploadId: 'gone-upload' }, 'gone-upload');
    // The page's lines and its total are two reads: on PostgreSQL a failure written between them
    // answers a total of 1 over no line, so the wait is for the line itself.
    const before = await until(
      () => failedOf(t.app),
      (page) => page.total === 1 && page.jobs.length === 1,
    );
    expect(before.jobs[0], JSON.stringify(before)).toMatchObject({
      attempts: 1,
      error: 'upload gone-upload is unknown',
      payload: '{"uploadId":"gone-upload"}',
    });

    // The process stops; a new one starts over the same database.
    await t.app.close();
    restarted = await createSecondNode(t, { now: () => new Date(clock) });
    const after = await failedOf(restarted);
    expect(after).toEqual(before);
    const queues = (await call(restarted, 'GET', '/jobs/queues')).json().Response;
    expect(queues).toMatchObject({ mode: 'process' });
    expect(queues.queues).toContainEqual(expect.objectContaining({ name: 'media-transcode', failed: 1 }));

    // Retried once: the run goes with its data, fails again (the upload is still unknown) and
    // comes back as a new line with one more try; the old line's second retry is 7.
    const id = before.jobs[0]!.id;
    expect((await call(restarted, 'POST', `/jobs/queues/media-transcode/failed/${id}/retry`)).json().Error.Number).toBe(
      0,
    );
    const again = await until(
      () => failedOf(restarted!),
      (page) => page.total === 1 && page.jobs.length === 1 && page.jobs[0]!.id !== id,
    );
    expect(again.jobs[0]).toMatchObject({ attempts: 2, payload: '{"uploadId":"gone-upload"}' });
    expect((await call(restarted, 'POST', `/jobs/queues/media-transcode/failed/${id}/retry`)).json().Error.Number).toBe(
      7,
    );
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'job.retry')
      .execute();
    expect(audited).toHaveLength(1);
  });
});
