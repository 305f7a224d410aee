import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { failedPage, failedPageOfAll, type FailedAfter, type FailedJob, type FailedPage } from './job-console';

/** Failed runs kept per queue for the console (decision 092); older ones are dropped. */
export const FAILED_KEPT = 100;

/**
 * The in-process queue's dead-letter list (decisions 092 and 109). `take` is the one way out of
 * it (a retry or a discard): it answers a run to one caller only.
 */
export interface DeadLetterStore {
  add(run: FailedJob, data: unknown): Promise<void>;
  /** Newest first, then id, after the previous page's last (decision 116). */
  page(queue: string, after: FailedAfter, limit: number): Promise<FailedPage>;
  count(queue: string | null): Promise<number>;
  take(queue: string, id: string): Promise<{ run: FailedJob; data: unknown } | null>;
  takeAll(queue: string): Promise<{ run: FailedJob; data: unknown }[]>;
  newest(limit: number): Promise<FailedJob[]>;
}

/** This process's memory: lost at a restart (tests of the timers alone). */
export function memoryDeadLetters(): DeadLetterStore {
  const lists = new Map<string, { run: FailedJob; data: unknown }[]>();
  const listOf = (queue: string) => {
    let list = lists.get(queue);
    if (!list) lists.set(queue, (list = []));
    return list;
  };
  return {
    async add(run, data) {
      const list = listOf(run.queue);
      list.unshift({ run, data });
      list.splice(FAILED_KEPT);
    },
    async page(queue, after, limit) {
      return failedPageOfAll(
        queue,
        listOf(queue).map((e) => e.run),
        after,
        limit,
      );
    },
    async count(queue) {
      return queue === null ? [...lists.values()].reduce((sum, list) => sum + list.length, 0) : listOf(queue).length;
    },
    async take(queue, id) {
      // Synchronous up to the answer: of two takes, one finds it.
      const list = listOf(queue);
      const index = list.findIndex((e) => e.run.id === id);
      return index >= 0 ? list.splice(index, 1)[0]! : null;
    },
    async takeAll(queue) {
      return listOf(queue).splice(0);
    },
    async newest(limit) {
      return [...lists.values()]
        .flatMap((list) => list.map((e) => e.run))
        .sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''))
        .slice(0, limit);
    },
  };
}

type Row = Database['job_dead_letters'];
const runOf = (row: Row): FailedJob => ({
  id: row.id,
  queue: row.queue,
  name: row.name,
  payload: row.payload,
  attempts: row.attempts,
  error: row.error,
  failedAt: row.failed_at,
});
const dataOf = (row: Row): unknown => {
  try {
    return JSON.parse(row.data_json);
  } catch {
    return {};
  }
};

/**
 * The `job_dead_letters` table (migration 041, decision 109): the one-node deployment's failed
 * runs outlive a restart, as BullMQ's failed sets do in Redis. A take deletes the row and goes on
 * only when it deleted it, so two operators (or a click before and after a restart) retry once.
 */
export function tableDeadLetters(db: Kysely<Database>): DeadLetterStore {
  const newestFirst = (queue: string) =>
    db
      .selectFrom('job_dead_letters')
      .selectAll()
      .where('queue', '=', queue)
      .orderBy('failed_at', 'desc')
      .orderBy('id', 'desc');
  const takeRow = async (row: Row) => {
    const deleted = await db.deleteFrom('job_dead_letters').where('id', '=', row.id).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1 ? { run: runOf(row), data: dataOf(row) } : null;
  };
  const count = async (queue: string | null) => {
    let q = db.selectFrom('job_dead_letters').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (queue !== null) q = q.where('queue', '=', queue);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  };
  return {
    async add(run, data) {
      await db
        .insertInto('job_dead_letters')
        .values({
          ...{ id: run.id, queue: run.queue, name: run.name, payload: run.payload, attempts: run.attempts },
          ...{ error: run.error, failed_at: run.failedAt ?? new Date().toISOString() },
          data_json: JSON.stringify(data ?? {}),
        })
        .execute();
      // The last FAILED_KEPT of the queue stay; the log keeps every failure.
      const beyond = await newestFirst(run.queue).limit(1000).offset(FAILED_KEPT).execute();
      if (beyond.length > 0)
        await db
          .deleteFrom('job_dead_letters')
          .where(
            'id',
            'in',
            beyond.map((r) => r.id),
          )
          .execute();
    },
    async page(queue, after, limit) {
      // Along the (queue, failed_at) index (migration 041), the id apart two runs of one instant.
      const rows = await newestFirst(queue)
        .$if(after !== null, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('failed_at', '<', after![0]),
              eb.and([eb('failed_at', '=', after![0]), eb('id', '<', after![1])]),
            ]),
          ),
        )
        .limit(limit + 1)
        .execute();
      return failedPage(queue, rows.map(runOf), limit, await count(queue));
    },
    count,
    async take(queue, id) {
      const row = await db
        .selectFrom('job_dead_letters')
        .selectAll()
        .where('queue', '=', queue)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? takeRow(row) : null;
    },
    async takeAll(queue) {
      const taken: { run: FailedJob; data: unknown }[] = [];
      for (const row of await newestFirst(queue).execute()) {
        const one = await takeRow(row);
        if (one) taken.push(one);
      }
      return taken;
    },
    async newest(limit) {
      const rows = await db
        .selectFrom('job_dead_letters')
        .selectAll()
        .orderBy('failed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(runOf);
    },
  };
}
