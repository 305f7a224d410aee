import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pruneOutbox } from './outbox-prune';

const DAY = 24 * 3600 * 1000;
const SEVEN_DAYS = 7 * DAY;
const T0 = Date.parse('2026-11-22T12:00:00Z');

let root: string;
const log = { info: vi.fn(), warn: vi.fn() };

/** A file in outbox/<kind> last written `ageMs` before T0. */
function writeAged(kind: 'mail' | 'sms', name: string, ageMs: number): string {
  const dir = path.join(root, kind);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, '{}');
  const when = new Date(T0 - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-outbox-'));
  log.info.mockClear();
  log.warn.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('outbox pruning (decisions 019 and 011, the outboxes)', () => {
  it('removes mail and SMS files older than the age, keeps the younger ones', async () => {
    const oldJson = writeAged('mail', 'a.json', 8 * DAY);
    const oldEml = writeAged('mail', 'a.eml', 8 * DAY);
    const oldPart = writeAged('sms', 'b.json.part', 30 * DAY);
    const fresh = writeAged('sms', 'c.json', 6 * DAY);
    const edge = writeAged('mail', 'd.json', SEVEN_DAYS);

    expect(await pruneOutbox(root, SEVEN_DAYS, T0)).toBe(3);
    for (const gone of [oldJson, oldEml, oldPart]) expect(fs.existsSync(gone)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(edge)).toBe(true); // exactly the age: not older yet
  });

  it('treats a missing outbox as empty', async () => {
    expect(await pruneOutbox(path.join(root, 'nowhere'), SEVEN_DAYS, T0)).toBe(0);
  });
});
