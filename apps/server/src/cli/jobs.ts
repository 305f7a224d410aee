// `npm run jobs -- <command>`: the operator's view of the periodic jobs (decision 038).
//   failed           the dead-letter view: runs that failed every try, newest first, with the reason
//   retry <id>       runs a failed job again (after the cause was fixed)
//   schedules        the jobs the deployment runs and when each runs next
// Needs REDIS_URL (without it jobs run in process and a failure is only logged).
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix, JOB_QUEUE, readDeadLetters } from '../jobs/queued-jobs';

const USAGE = 'usage: npm run jobs -- failed | retry <id> | schedules';

export async function runJobsCommand(
  args: string[],
  deps: { queue: Queue; print: (line: string) => void },
): Promise<number> {
  const [command, argument] = args;
  switch (command) {
    case 'failed': {
      const dead = await readDeadLetters(deps.queue, 100);
      if (dead.length === 0) deps.print('No failed job.');
      for (const job of dead)
        deps.print(`${job.failedAt ?? '-'}  ${job.name.padEnd(20)} id ${job.id}  tries ${job.attempts}  ${job.reason}`);
      return 0;
    }
    case 'retry': {
      const job = argument ? await deps.queue.getJob(argument) : undefined;
      if (!job || !(await job.isFailed())) {
        deps.print(argument ? `No failed job with id ${argument}.` : USAGE);
        return 1;
      }
      await job.retry('failed');
      deps.print(`Job ${argument} (${job.name}) queued again.`);
      return 0;
    }
    case 'schedules': {
      for (const s of await deps.queue.getJobSchedulers())
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
  const queue = new Queue(JOB_QUEUE, { connection, prefix: bullPrefix('playz:') });
  const code = await runJobsCommand(process.argv.slice(2), { queue, print: (line) => console.log(line) });
  await queue.close();
  connection.disconnect();
  process.exit(code);
}
