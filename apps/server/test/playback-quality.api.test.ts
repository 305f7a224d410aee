import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1.2/event/log',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(payload).toString(),
  });

describe('quality of experience on POST /event/log (spec 2 §7 event log, beyond the spec)', () => {
  it('records start-up time, stalls and errors with the item, for the operator', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const sent: Record<string, string>[] = [
      { content_type: 'Channel', content_type_id: '3', event: 'play_start', value_ms: '420' },
      { content_type: 'Channel', content_type_id: '3', event: 'rebuffer', value_ms: '1300' },
      { content_type: 'Content', content_type_id: '1001', event: 'error', detail: 'shaka 1001' },
    ];
    for (const payload of sent) expect((await post(payload, cookie)).json().Response.Success).toBe(true);
    const rows = await t.database.db
      .selectFrom('event_logs')
      .select(['content_type', 'content_type_id', 'event', 'value_ms', 'detail'])
      .where('event', 'is not', null)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { content_type: 'Channel', content_type_id: 3, event: 'play_start', value_ms: 420, detail: null },
      { content_type: 'Channel', content_type_id: 3, event: 'rebuffer', value_ms: 1300, detail: null },
      { content_type: 'Content', content_type_id: 1001, event: 'error', value_ms: null, detail: 'shaka 1001' },
    ]);
  });

  it('refuses an unknown event or a detail with markup with 3 (bad parameter)', async () => {
    const bad = await post({ content_type: 'Channel', content_type_id: '3', event: 'hack' });
    expect(bad.json().Error.Number).toBe(3);
    const markup = await post({ content_type: 'Channel', content_type_id: '3', event: 'error', detail: '<script>' });
    expect(markup.json().Error.Number).toBe(3);
  });
});
