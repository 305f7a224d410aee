import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('spec 1 §3 Application data (decision 058)', () => {
  it('spec 1 §3 GET /data: App carries the analytics id, the cast app id and the crossScreenFlowAdapter', async () => {
    const res = await t.app.inject('/api/1.2/data?locale=en');
    expect(res.json().Response.App).toMatchObject({
      analyticsId: null,
      castAppId: 'CC1AD845',
      crossScreenFlowAdapter: 'billing-link',
    });
  });
});
