// `npm run jobs -- <command>`: the operator's view of the periodic jobs (decision 038).
//   failed           the dead-letter view: runs that failed every try, newest first, with the reason
//   retry <id>       runs a failed job again (after the cause was fixed)
//   schedules        the jobs the deployment runs and when each runs next
// Needs REDIS_URL (without it jobs run in process and a failure is only logged).
import type { Queue } from 'bullmq';
import { JOB_NAMES } from '../jobs/deployment-jobs';
import { bullConnection, jobQueue, readDeadLetters } from '../jobs/queued-jobs';

const USAGE = 'usage: npm run jobs -- failed | retry <id> | schedules';

export async function runJobsCommand(
  args: string[],
  deps: { queues: readonly Queue[]; print: (line: string) => void },
): Promise<number> {
  const [command, argument] = args;
  switch (command) {
    case 'failed': {
      const dead = await readDeadLetters(deps.queues, 100);
      if (dead.length === 0) deps.print('No failed job.');
      for (const job of dead)
        deps.print(`${job.failedAt ?? '-'}  ${job.name.padEnd(20)} id ${job.id}  tries ${job.attempts}  ${job.reason}`);
      return 0;
    }
    case 'retry': {
      for (const queue of deps.queues) {
        const job = argument ? await queue.getJob(argument) : undefined;
        if (job && (await job.isFailed())) {
          await job.retry('failed');
          deps.print(`Job ${argument} (${job.name}) queued again.`);
          return 0;
        }
      }
      deps.print(argument ? `No failed job with id ${argument}.` : USAGE);
      return 1;
    }
    case 'schedules': {
      for (const queue of deps.queues)
        for (const s of await queue.getJobSchedulers())
          deps.print(
            `${String(s.key).padEnd(20)} every ${Math.round(Number(s.every) / 1000)} s  next ${s.next ? new Date(s.next).toISOString() : '-'}`,
          );
      return 0;
    }
    default:
      deps.print(USAGE);
      return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.REDIS_URL;
  if (!url) {
    console.error('REDIS_URL is not set: without Redis, jobs run inside each server and failures are in its log.');
    process.exit(2);
  }
  const connection = bullConnection(url);
  const queues = JOB_NAMES.map((name) => jobQueue(name, connection, 'playz:'));
  const code = await runJobsCommand(process.argv.slice(2), { queues, print: (line) => console.log(line) });
  await Promise.all(queues.map((queue) => queue.close()));
  connection.disconnect();
  process.exit(code);
}
