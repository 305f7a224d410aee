import type { ConsoleDialect, ConsoleRun, ConsoleSettings } from './console-measure';
import {
  CONSOLE_EXTRAS,
  CONSOLE_SCALE_HEADING,
  CONSOLE_SIZES,
  P95_GOAL_MS,
  type ConsoleScenario,
} from './console-scale';

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const DIALECT_NAME: Record<ConsoleDialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** "met" under the goal, "**not met**" at or over it: the table's verdict of one line. */
export function goalVerdict(p95: number): string {
  return p95 < P95_GOAL_MS ? 'met' : '**not met**';
}

function seedText(run: ConsoleRun): string {
  const { seed } = run;
  const tables = seed.tables.map((t) => `${t.table} ${t.rows.toLocaleString('en')} in ${t.seconds.toFixed(1)} s`);
  if (seed.made) return `seeded in this run in ${seed.seconds.toFixed(0)} s (${tables.join(', ')})`;
  return Number.isFinite(seed.seconds)
    ? `seed reused from disk (made in ${seed.seconds.toFixed(0)} s: ${tables.join(', ')})`
    : 'seed reused from disk';
}

/**
 * The `## Console at scale` section of docs/benchmarks.md: one table, each line's p50 / p95 on
 * each database against the 200 ms goal, then the plan of every read each line makes. `missing`
 * says why a database has no numbers (no PostgreSQL on the machine, or its run failed).
 */
export function formatConsoleSection(input: {
  command: string;
  settings: ConsoleSettings;
  cpu: string;
  scenarios: ConsoleScenario[];
  runs: ConsoleRun[];
  missing: Partial<Record<ConsoleDialect, string>>;
  notes?: string;
}): string {
  const { settings } = input;
  const dialects: ConsoleDialect[] = ['sqlite', 'postgres'];
  const runOf = (d: ConsoleDialect) => input.runs.find((r) => r.dialect === d);
  const lines: string[] = [
    CONSOLE_SCALE_HEADING,
    '',
    `The console's search and list pages on an operator's data (decision 117): ${CONSOLE_SIZES.customers.toLocaleString('en')} customers, ` +
      `${(CONSOLE_SIZES.films + CONSOLE_SIZES.series * CONSOLE_SIZES.seasonsPerSeries * CONSOLE_SIZES.episodesPerSeason).toLocaleString('en')} contents ` +
      `(${CONSOLE_SIZES.films.toLocaleString('en')} films made from as many uploads, ${CONSOLE_SIZES.series} series of 10 episodes), ` +
      `${CONSOLE_SIZES.promoCodes} promo codes, ${CONSOLE_EXTRAS.auditEntries.toLocaleString('en')} audit entries and a full dead-letter list ` +
      `(${CONSOLE_EXTRAS.deadLetters}), made by the big catalogue's generator (bench/src/console). The real server serves it in ` +
      `the benchmark's process; a staff member signs in as the console does (password, then TOTP); autocannon loads each ` +
      `request from another process with ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
      `${settings.durationSeconds} s measured, ${settings.rounds} round(s), the median of the rounds shown. ` +
      `Goal: p95 under ${P95_GOAL_MS} ms on each line, on both databases. No peer here: the goal is absolute.`,
    '',
    `Measured by \`${input.command}\` (${input.cpu}).`,
  ];
  for (const d of dialects) {
    const run = runOf(d);
    lines.push(
      run
        ? `- ${DIALECT_NAME[d]}: ${run.date}, 1-minute load average ${run.load.start.toFixed(2)} at the start, ${run.load.end.toFixed(2)} at the end; ${seedText(run)}.`
        : `- ${DIALECT_NAME[d]}: not measured (${input.missing[d] ?? 'not asked'}).`,
    );
  }
  if (input.notes) lines.push('', input.notes.trim());
  lines.push(
    '',
    '| Line | Request | SQLite p50 / p95 (ms) | SQLite goal | PostgreSQL p50 / p95 (ms) | PostgreSQL goal | Answer bytes |',
    '| --- | --- | ---: | --- | ---: | --- | ---: |',
  );
  for (const scenario of input.scenarios) {
    const cells = dialects.map((d) => {
      const line = runOf(d)?.lines.find((l) => l.name === scenario.name);
      return line ? [`${ms(line.p50)} / ${ms(line.p95)}`, goalVerdict(line.p95)] : ['—', 'not measured'];
    });
    const bytes = input.runs.map((r) => r.lines.find((l) => l.name === scenario.name)?.bytes).find((b) => b);
    const request = decodeURIComponent(scenario.path.replace(/after=[^&]+/, 'after=…'));
    lines.push(
      `| ${scenario.name} | \`GET ${request}\` | ${cells[0]![0]} | ${cells[0]![1]} | ${cells[1]![0]} | ${cells[1]![1]} | ${bytes?.toLocaleString('en') ?? '—'} |`,
    );
  }
  for (const run of input.runs) {
    lines.push('', `### Query plans on ${DIALECT_NAME[run.dialect]}`, '');
    for (const line of run.lines) {
      lines.push(`<details><summary>${line.name}: ${line.reads.length} reads</summary>`, '');
      for (const read of line.reads) lines.push('```sql', read.sql, '```', '', '```text', read.plan, '```', '');
      lines.push('</details>', '');
    }
  }
  return lines.join('\n').trimEnd() + '\n';
}
