import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobStats, type QueuedTask, type RunningJobs } from '../src/jobs';
import { startInProcessJobs } from '../src/jobs/in-process-jobs';
import { startQueuedJobs } from '../src/jobs/queued-jobs';
import { redisForTests } from './support/redis-server';
import type { ThrowawayRedis } from '../../../scripts/with-redis.mjs';

// Decision 094: the job queues carry tasks with their data (the media job of an upload) beside the
// periodic jobs. A run gets the data it was queued with; a failed run is in the dead-letter list
// with its data (secrets hidden), and the console's retry runs it again with that same data.

let redis: ThrowawayRedis;
beforeAll(async () => {
  redis = await redisForTests();
});
afterAll(() => redis.stop());

const silent = { info() {}, error() {} };

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A task that fails for the uploads named in `broken`, recording each run's data. */
function mediaTask() {
  const runs: unknown[] = [];
  const broken = new Set<string>(['u-2']);
  const task: QueuedTask = {
    name: 'media-transcode',
    run: async (data) => {
      runs.push(data);
      const { uploadId } = data as { uploadId: string };
      if (broken.has(uploadId)) throw new Error(`ffmpeg refused ${uploadId}`);
    },
  };
  return { runs, broken, task };
}

const modes: [string, (task: QueuedTask) => Promise<RunningJobs>][] = [
  [
    'on this process (no REDIS_URL)',
    async (task) => startInProcessJobs([], { log: silent, stats: createJobStats() }, [task]),
  ],
  [
    'on BullMQ (REDIS_URL)',
    (task) =>
      startQueuedJobs(
        [],
        {
          redisUrl: redis.url,
          redisKeyPrefix: `playz-test-${randomBytes(6).toString('hex')}:`,
          log: silent,
          stats: createJobStats(),
        },
        [task],
      ),
  ],
];

describe.each(modes)('decision 094 queued tasks with their data %s', (_mode, start) => {
  it('spec console §Catalogue: runs each queued run with its data; a failed one is retried with the same data, once', async () => {
    const { runs, broken, task } = mediaTask();
    const running = await start(task);
    try {
      await running.enqueue('media-transcode', { uploadId: 'u-1' }, 'u-1');
      await running.enqueue('media-transcode', { uploadId: 'u-2', token: 'secret-value' }, 'u-2');
      const failedPage = async () => (await running.console.failed('media-transcode', { limit: 10 }))!;
      // The line itself, not the total alone: the page's lines and total are two reads of the list.
      await until(async () => (await failedPage()).jobs.length === 1);
      expect(runs).toEqual([{ uploadId: 'u-1' }, { uploadId: 'u-2', token: 'secret-value' }]);
      const [failed] = (await failedPage()).jobs;
      expect(failed).toMatchObject({ name: 'media-transcode', error: 'ffmpeg refused u-2', attempts: 1 });
      // The data is shown with its secret-looking fields hidden.
      expect(failed!.payload).toBe('{"uploadId":"u-2","token":"[hidden]"}');
      const counts = await running.console.queues();
      expect(counts).toEqual([expect.objectContaining({ name: 'media-transcode', failed: 1 })]);

      // Fixed meanwhile (the operator put the right file in place): the retry runs u-2 again.
      broken.delete('u-2');
      expect(await running.console.retry('media-transcode', failed!.id)).toMatchObject({ id: failed!.id });
      await until(() => runs.length === 3);
      expect(runs[2]).toEqual({ uploadId: 'u-2', token: 'secret-value' });
      await until(async () => (await failedPage()).total === 0);
      // A second retry of the same run finds nothing to run.
      expect(await running.console.retry('media-transcode', failed!.id)).toBeNull();
      expect(runs).toHaveLength(3);
    } finally {
      await running.stop();
    }
  });
});
