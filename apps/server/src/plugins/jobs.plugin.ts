import path from 'node:path';
import fp from 'fastify-plugin';
import {
  createJobStats,
  startJobs,
  tableDeadLetters,
  type JobConsole,
  type JobStats,
  type PeriodicJob,
  type QueuedTask,
  type RunningJobs,
} from '../jobs';
import { deploymentJobs } from '../jobs/deployment-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      stats: JobStats;
      /** Billing job outcomes counted on this node (renewed, refused, expired...). */
      billingOutcomes: ReadonlyMap<string, number>;
      /** Runs that failed every try, across the deployment (0 before the jobs start). */
      deadLetterCount(): Promise<number>;
      /** The console's view of the queues (decision 092); null until the jobs start. */
      console(): JobConsole | null;
      /** A module's periodic job, added while it registers; all start when the app is ready. */
      add(job: PeriodicJob): void;
      /** A module's job run on demand with its data (decision 094), added while it registers. */
      addTask(task: QueuedTask): void;
      /** Queues one run of a task; refused before the jobs start (the app is not ready). */
      enqueue(name: string, data: unknown, id: string): Promise<void>;
      /** The names of the periodic jobs and tasks the modules added (what `npm run jobs` must list). */
      addedNames(): string[];
    };
  }
}

/**
 * Periodic jobs (decision 038): once across the API nodes through BullMQ with REDIS_URL, on this
 * process's timers without it. They start when the app is ready, every module registered (billing's
 * job among them). Test apps (many per process) keep the timers: the queue is tested on its own
 * (test/jobs-*.test.ts) and across real nodes by npm run test:cluster.
 */
export const jobsPlugin = fp(
  async (app) => {
    const stats = createJobStats();
    const billingOutcomes = new Map<string, number>();
    let running: RunningJobs | null = null;
    const added: PeriodicJob[] = [];
    const tasks: QueuedTask[] = [];
    app.decorate('jobs', {
      stats,
      billingOutcomes,
      deadLetterCount: async () => (running ? running.deadLetterCount() : 0),
      console: () => running?.console ?? null,
      add: (job) => void added.push(job),
      addTask: (task) => void tasks.push(task),
      enqueue: async (name, data, id) => {
        if (!running) throw new Error('the jobs have not started');
        await running.enqueue(name, data, id);
      },
      addedNames: () => [...added, ...tasks].map((job) => job.name),
    });
    app.addHook('onReady', async () => {
      const { config } = app;
      running = await startJobs(
        [
          ...deploymentJobs({
            db: app.db,
            billingJob: config.billing.runJob ? app.billingJob : null,
            outboxDir: path.join(config.dataDir, 'outbox'),
            outboxMaxAgeMs: config.outboxMaxAgeDays * 24 * 3600 * 1000,
            now: app.now,
            onBillingOutcome: (outcome, count) =>
              billingOutcomes.set(outcome, (billingOutcomes.get(outcome) ?? 0) + count),
          }),
          ...added,
        ],
        {
          redisUrl: config.env === 'test' ? null : config.redisUrl,
          redisKeyPrefix: app.redisKeyPrefix,
          log: app.log,
          stats,
          // Without Redis the failed runs are kept in the database, across restarts (decision 109).
          deadLetters: tableDeadLetters(app.db),
        },
        tasks,
      );
    });
    app.addHook('onClose', async () => running?.stop());
  },
  { name: 'playz-jobs', dependencies: ['playz-redis'] },
);
