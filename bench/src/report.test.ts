import { describe, expect, it } from 'vitest';
import { formatConsoleTable, type BenchReport, type PlayerScenarioReport } from './report';

const player = (name: string, playz: number[], peer: number[]): PlayerScenarioReport => ({
  name,
  method: 'test',
  playzLabel: 'Playz',
  peerLabel: 'peer',
  goal: 'test',
  playz,
  peer,
  failures: { playz: 1, peer: 0 },
});

const report = (players: PlayerScenarioReport[]): BenchReport => ({
  command: 'npm run bench -w @playz/bench -- --only "Time to first frame, VOD film"',
  date: '2026-11-29T18:30:00.000Z',
  nodeVersion: 'v24.0.0',
  cpu: 'test',
  platform: 'test',
  loadAverage: { start: 1, end: 2 },
  settings: { connections: 10, warmupSeconds: 2, durationSeconds: 8, rounds: 2 },
  memory: { rssBeforeBytes: 0, rssAfterBytes: 0, maxRssBytes: 0 },
  scenarios: [],
  players,
});

describe('the console table at the end of a run', () => {
  it('a run of player scenarios only prints each one’s row: p50 / p95 of both sides, their ratios, tries with no frame', () => {
    const table = formatConsoleTable(
      report([player('Time to first frame, VOD film', [1400, 1500, 1600, 2000], [500, 600, 700, 1000])]),
    );
    const row = table.split('\n').find((line) => line.startsWith('Time to first frame, VOD film'));
    expect(row).toBeDefined();
    expect(row!.split(/\s{2,}/)).toEqual([
      'Time to first frame, VOD film',
      '1500 / 2000',
      '600 / 1000',
      '2.50×',
      '2.00×',
      '1 / 0',
    ]);
    // No HTTP scenario measured: no empty HTTP table.
    expect(table).not.toContain('req/s');
  });
});
