import { describe, expect, it } from 'vitest';
import { qualityLogBody } from './quality-report';

describe('the players’ quality reports as POST /event/log bodies (beyond the spec, decision 088)', () => {
  it('carries a start-up time or a stall as value_ms', () => {
    expect(qualityLogBody('Channel', 3, { event: 'play_start', valueMs: 640 })).toEqual({
      content_type: 'Channel',
      content_type_id: '3',
      event: 'play_start',
      value_ms: 640,
    });
    expect(qualityLogBody('Episode', '55', { event: 'rebuffer', valueMs: 1200 })).toMatchObject({ value_ms: 1200 });
  });

  it('keeps only the characters the call accepts in an error code, at most 120', () => {
    const body = qualityLogBody('Content', 1001, {
      event: 'error',
      detail: 'HTTP_ERROR (404) «segment» ' + 'x'.repeat(200),
    });
    expect(body.detail).toMatch(/^HTTP_ERROR 404 segment x+$/);
    expect(body.detail).toHaveLength(120);
    expect(body).not.toHaveProperty('value_ms');
  });
});
