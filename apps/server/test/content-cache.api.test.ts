import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Db } from '../src/db/connect';
import { bumpCatalogueVersion, VERSION_CHECK_MS } from '../src/modules/catalogue/catalogue-cache';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let database: Db;
beforeAll(async () => {
  // The catalogue cache reads Date.now: only Date is faked, before the app is built, so this file
  // moves the cache's clock past its version check instead of sleeping against it (timers run).
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  t = await createTestApp({});
  database = connectDatabase(t.config);
});
afterAll(async () => {
  await database.close();
  await t.close();
  vi.useRealTimers();
});

const title = async (id: number) =>
  (await t.app.inject({ url: `/api/1.2/content/${id}` })).json().Response?.Content?.title as string | undefined;
/** Every node re-reads the catalogue version within 2 s (decision 013): the clock is moved past it. */
const afterVersionCheck = () => vi.advanceTimersByTime(VERSION_CHECK_MS + 1);

describe('GET /content/{id} is cached until the catalogue changes (spec 2 §7, decision 013)', () => {
  it('keeps the answer while the version stands and shows the change after an import bumps it', async () => {
    expect(await title(1001)).toBe("L'Été indien");
    await database.db
      .updateTable('contents')
      .set({ title: 'Été indien (version restaurée)' })
      .where('id', '=', 1001)
      .execute();
    // Not bumped yet: the cached answer stands (an edit outside an import is not seen).
    afterVersionCheck();
    expect(await title(1001)).toBe("L'Été indien");
    await bumpCatalogueVersion(database.db);
    afterVersionCheck();
    expect(await title(1001)).toBe('Été indien (version restaurée)');
  }, 10_000);

  it('answers 20 (HTTP 404) for a content that does not exist', async () => {
    const missing = await t.app.inject({ url: '/api/1.2/content/999999' });
    expect(missing.json().Error.Number).toBe(20);
    expect(missing.statusCode).toBe(404);
  });
});
