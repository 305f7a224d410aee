import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_PRUNE_INTERVAL_MS, pruneOutbox, startOutboxPruning } from './outbox-prune';

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

describe('outbox pruning (decision 019, issue 3 outbox)', () => {
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

  it('prunes at start, then every hour on an unref’d timer, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = T0;
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const old = writeAged('mail', 'old.json', 8 * DAY);
    const young = writeAged('sms', 'young.json', 6 * DAY + 23 * 3600 * 1000);

    const pruning = startOutboxPruning({ outboxDir: root, maxAgeMs: SEVEN_DAYS, log, nowMs: () => now });
    await pruning.firstRun;
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    expect(log.info).toHaveBeenCalledWith({ removed: 1, outboxDir: root }, 'old outbox files removed');
    const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);

    // Two hours later the young file has passed seven days: the hourly run takes it.
    now = T0 + 2 * 3600 * 1000;
    await vi.advanceTimersByTimeAsync(OUTBOX_PRUNE_INTERVAL_MS);
    await vi.waitFor(() => expect(fs.existsSync(young)).toBe(false));

    // Stopped: later files stay, however old they get.
    pruning.stop();
    const later = writeAged('mail', 'later.json', 30 * DAY);
    now += 30 * DAY;
    await vi.advanceTimersByTimeAsync(5 * OUTBOX_PRUNE_INTERVAL_MS);
    expect(fs.existsSync(later)).toBe(true);
  });

  it('logs a failure instead of throwing, and tries again at the next run', async () => {
    const notADir = path.join(root, 'file');
    fs.writeFileSync(notADir, 'x');
    const pruning = startOutboxPruning({ outboxDir: notADir, maxAgeMs: SEVEN_DAYS, log, nowMs: () => T0 });
    await pruning.firstRun;
    pruning.stop();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ outboxDir: notADir }), 'outbox pruning failed');
  });
});
