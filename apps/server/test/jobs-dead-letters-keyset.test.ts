import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDeadLetters, tableDeadLetters, type DeadLetterStore } from '../src/jobs/dead-letters';
import { failedAfter, type FailedJob } from '../src/jobs/job-console';
import { createTestApp, type TestApp } from './test-app';

// The dead-letter list pages by keyset (decision 116): newest failure first, then id, behind an
// opaque cursor that names its queue. The table (the one-node deployment, migration 041, SQLite and
// PostgreSQL) and the memory list; BullMQ's failed set is paged by the memory list's function.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (id: string, failedAt: string, queue = 'mail'): FailedJob => ({
  ...{ id, queue, name: queue, payload: '{}', attempts: 1, error: 'no', failedAt },
});

const stores: [string, () => DeadLetterStore][] = [
  ['in the job_dead_letters table', () => tableDeadLetters(t.database.db)],
  ['in memory', () => memoryDeadLetters()],
];

describe.each(stores)('spec console: the dead-letter list %s, by keyset (decision 116)', (_name, makeStore) => {
  it('pages newest first then by id, every run once, a run failing between two reads shifting nothing', async () => {
    const store = makeStore();
    const queue = `mail-${Math.random().toString(36).slice(2, 8)}`;
    // Two runs failed at the same instant: the id keeps them apart across a page boundary.
    for (const [id, at] of [
      ['r1', '2026-11-29T10:00:00.000Z'],
      ['r2', '2026-11-29T10:01:00.000Z'],
      ['r3', '2026-11-29T10:01:00.000Z'],
      ['r4', '2026-11-29T10:02:00.000Z'],
      ['r5', '2026-11-29T10:03:00.000Z'],
    ] as const)
      await store.add(run(id, at, queue), { n: id });
    await store.add(run('other', '2026-11-29T10:04:00.000Z', `${queue}-x`), {});

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await store.page(queue, failedAfter(queue, cursor ?? undefined), 2);
      expect(page.jobs.length).toBeLessThanOrEqual(2);
      seen.push(...page.jobs.map((j) => j.id));
      cursor = page.next;
      if (pages === 0) {
        expect(page.total).toBe(5);
        // A new failure lands on top: the next page is still the one after r4.
        await store.add(run('r6', '2026-11-29T10:05:00.000Z', queue), {});
      }
      if (!cursor) break;
    }
    expect(seen).toEqual(['r5', 'r4', 'r3', 'r2', 'r1']);
    expect((await store.page(queue, null, 10)).jobs.map((j) => j.id)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
    expect((await store.page(queue, null, 6)).next).toBeNull();
  });
});

describe('spec console: a dead-letter cursor belongs to its queue (decision 116)', () => {
  it('another queue’s cursor, another list’s or a forged one is 3', () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(failedAfter('mail', cursor(['dead-letters', 'mail', '2026-11-29T10:00:00.000Z', 'r1']))).toEqual([
      '2026-11-29T10:00:00.000Z',
      'r1',
    ]);
    for (const forged of [
      cursor(['dead-letters', 'billing', '2026-11-29T10:00:00.000Z', 'r1']),
      cursor(['audit', 5]),
      cursor(['dead-letters', 'mail', 5, 'r1']),
      'not a cursor',
    ])
      expect(() => failedAfter('mail', forged)).toThrow(expect.objectContaining({ number: 3 }));
  });
});
