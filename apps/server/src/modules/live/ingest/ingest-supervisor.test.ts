import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIngestSupervisor, type IngestProcess } from './ingest-supervisor';

class FakeProcess extends EventEmitter implements IngestProcess {
  killed: NodeJS.Signals[] = [];
  kill(signal: NodeJS.Signals = 'SIGTERM') {
    this.killed.push(signal);
    setImmediate(() => this.emit('exit', null, signal));
    return true;
  }
}

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('live ingest supervisor (started and supervised by the server, decision 038)', () => {
  let outDir: string;
  let clock: number;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('restarts an encoder that dies, waiting longer each time, with a clear log line', async () => {
    const spawned: FakeProcess[] = [];
    const logger = log();
    const supervisor = createIngestSupervisor({
      channelId: 20,
      outDir,
      log: logger,
      now: () => clock,
      spawn: () => {
        const p = new FakeProcess();
        spawned.push(p);
        return p;
      },
    });
    expect(spawned).toHaveLength(1);
    spawned[0]!.emit('exit', 1, null);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ channelId: 20, code: 1, restartInMs: 1000 }),
      'live ingest for channel 20 stopped (exit 1); restarting in 1 s',
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(spawned).toHaveLength(2);
    spawned[1]!.emit('exit', 1, null);
    expect(logger.error).toHaveBeenLastCalledWith(expect.objectContaining({ restartInMs: 2000 }), expect.any(String));
    await vi.advanceTimersByTimeAsync(1999);
    expect(spawned).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(spawned).toHaveLength(3);
    expect(supervisor.restarts).toBe(2);
    supervisor.stop();
  });

  it('kills an encoder whose playlist stopped changing, then starts it again', async () => {
    const spawned: FakeProcess[] = [];
    const logger = log();
    const supervisor = createIngestSupervisor({
      ...{ channelId: 20, outDir, log: logger, now: () => clock, checkEveryMs: 1000 },
      spawn: () => {
        const p = new FakeProcess();
        spawned.push(p);
        return p;
      },
    });
    fs.writeFileSync(path.join(outDir, 'media_0.m3u8'), '#EXTM3U\n');
    const written = fs.statSync(path.join(outDir, 'media_0.m3u8')).mtimeMs;
    clock = written + 30_000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(spawned[0]!.killed).toEqual(['SIGKILL']);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ channelId: 20 }),
      'live ingest for channel 20 stalled; restarting',
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(spawned).toHaveLength(2);
    supervisor.stop();
  });

  it('stops an encoder a killed server left running before starting its own', async () => {
    vi.useRealTimers();
    const orphan = spawn('sleep', ['60'], { stdio: 'ignore' });
    fs.writeFileSync(`${outDir}.pid`, String(orphan.pid));
    const exited = new Promise((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
    const logger = log();
    const supervisor = createIngestSupervisor({ channelId: 20, outDir, log: logger, spawn: () => new FakeProcess() });
    expect(await exited).toBe('SIGKILL');
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ channelId: 20, pid: orphan.pid }),
      'live ingest for channel 20: stopped an encoder left running',
    );
    supervisor.stop();
    fs.rmSync(`${outDir}.pid`, { force: true });
  });

  it('stop ends the encoder for good: no restart after its exit', async () => {
    const spawned: FakeProcess[] = [];
    const supervisor = createIngestSupervisor({
      ...{ channelId: 20, outDir, log: log(), now: () => clock },
      spawn: () => {
        const p = new FakeProcess();
        spawned.push(p);
        return p;
      },
    });
    supervisor.stop();
    expect(spawned[0]!.killed).toEqual(['SIGTERM']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spawned).toHaveLength(1);
  });

  it('stop while a restart waits cancels it: no encoder starts after shutdown began', async () => {
    const spawned: FakeProcess[] = [];
    const supervisor = createIngestSupervisor({
      ...{ channelId: 20, outDir, log: log(), now: () => clock },
      spawn: () => {
        const p = new FakeProcess();
        spawned.push(p);
        return p;
      },
    });
    spawned[0]!.emit('exit', null, 'SIGTERM');
    await supervisor.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spawned).toHaveLength(1);
    expect(supervisor.isRunning()).toBe(false);
  });

  it('stop resolves once the encoder exited, killing one that ignores SIGTERM after the grace', async () => {
    class Stubborn extends FakeProcess {
      override kill(signal: NodeJS.Signals = 'SIGTERM') {
        this.killed.push(signal);
        if (signal === 'SIGKILL') setImmediate(() => this.emit('exit', null, signal));
        return true;
      }
    }
    const encoder = new Stubborn();
    const supervisor = createIngestSupervisor({
      ...{ channelId: 20, outDir, log: log(), now: () => clock, stopGraceMs: 5000 },
      spawn: () => encoder,
    });
    let stopped = false;
    const stopping = supervisor.stop().then(() => (stopped = true));
    expect(supervisor.stop()).toBe(supervisor.stop());
    await vi.advanceTimersByTimeAsync(4999);
    expect(stopped).toBe(false);
    expect(encoder.killed).toEqual(['SIGTERM']);
    await vi.advanceTimersByTimeAsync(1);
    expect(encoder.killed).toEqual(['SIGTERM', 'SIGKILL']);
    // Its exit comes on the next turn, as a real process's does.
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(stopped).toBe(true);
  });
});
