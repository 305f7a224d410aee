import { describe, expect, it } from 'vitest';
import { createGenerationCache } from './generation-cache';
import { createMemoryTableGenerations } from './table-generations';

// Decision 037: cached reads are good while the tables they came from are unchanged.

function counterLoader() {
  let reads = 0;
  return { load: async () => ++reads, reads: () => reads };
}

describe('decision 037 — read cache keyed by table write counters', () => {
  it('reads once while its tables are unchanged, again after a write to one of them', async () => {
    const generations = createMemoryTableGenerations();
    const cache = createGenerationCache<number>({ generations, tables: ['customers'], maxEntries: 10 });
    const { load, reads } = counterLoader();
    expect(await cache.get(1, load)).toBe(1);
    expect(await cache.get(1, load)).toBe(1);
    await generations.bump(new Set(['offers'])); // not a table of this cache
    expect(await cache.get(1, load)).toBe(1);
    await generations.bump(new Set(['customers']));
    expect(await cache.get(1, load)).toBe(2);
    await generations.bump(new Set(['*'])); // a raw write: any table
    expect(await cache.get(1, load)).toBe(3);
    expect(reads()).toBe(3);
  });

  it('a write that lands while the read runs leaves nothing reusable', async () => {
    const generations = createMemoryTableGenerations();
    const cache = createGenerationCache<string>({ generations, tables: ['customers'], maxEntries: 10 });
    const first = await cache.get(1, async () => {
      await generations.bump(new Set(['customers'])); // committed between our stamp and our answer
      return 'maybe old';
    });
    expect(first).toBe('maybe old');
    expect(await cache.get(1, async () => 'new')).toBe('new');
  });

  it('another process’s commit (SQLite data_version) retires every entry', async () => {
    let dataVersion = 1;
    const cache = createGenerationCache<number>({
      generations: createMemoryTableGenerations(() => dataVersion),
      tables: ['customers'],
      maxEntries: 10,
    });
    const { load } = counterLoader();
    await cache.get(1, load);
    dataVersion = 2;
    expect(await cache.get(1, load)).toBe(2);
  });

  it('entries are used 30 s at most, and the oldest go first past the bound', async () => {
    let clock = 0;
    const cache = createGenerationCache<number>({
      generations: createMemoryTableGenerations(),
      tables: ['customers'],
      maxEntries: 2,
      now: () => clock,
    });
    const { load } = counterLoader();
    await cache.get('a', load); // 1
    clock = 29_999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 30_000;
    expect(await cache.get('a', load)).toBe(2);
    await cache.get('b', load); // 3
    await cache.get('c', load); // 4: 'a' is the oldest of three and goes
    expect(await cache.get('b', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(5);
  });
});

// Decision 124: a hot path asks without waiting; the stamp is read at each peek as at each get.
describe('decision 124 — peek: the kept value without waiting, never past a write', () => {
  it('gives the entry while the counters are unchanged, nothing after a write or another process’s commit', async () => {
    let dataVersion = 1;
    const generations = createMemoryTableGenerations(() => dataVersion);
    const cache = createGenerationCache<string>({ generations, tables: ['sessions'], maxEntries: 10 });
    expect(cache.peek(1)).toBeUndefined();
    await cache.get(1, async () => 'row');
    expect(cache.peek(1)).toBe('row');
    await generations.bump(new Set(['offers']));
    expect(cache.peek(1)).toBe('row');
    await generations.bump(new Set(['sessions']));
    expect(cache.peek(1)).toBeUndefined();
    await cache.get(1, async () => 'row 2');
    expect(cache.peek(1)).toBe('row 2');
    dataVersion = 2;
    expect(cache.peek(1)).toBeUndefined();
  });

  it('counters that cannot be read without waiting (Redis) give nothing: the caller waits for get', async () => {
    const memory = createMemoryTableGenerations();
    const remote = { stamp: memory.stamp, bump: memory.bump };
    const cache = createGenerationCache<string>({ generations: remote, tables: ['sessions'], maxEntries: 10 });
    await cache.get(1, async () => 'row');
    expect(await cache.get(1, async () => 'again')).toBe('row');
    expect(cache.peek(1)).toBeUndefined();
  });
});
