import SQLite from 'better-sqlite3';
import pg from 'pg';

/** One read the server ran, with the values it was run with. */
export interface RecordedQuery {
  sql: string;
  parameters: unknown[];
}

let recording: RecordedQuery[] | null = null;
let installed = false;

const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

function keep(sql: unknown, parameters: unknown) {
  if (!recording || typeof sql !== 'string' || !isRead(sql)) return;
  recording.push({ sql, parameters: Array.isArray(parameters) ? [...(parameters as unknown[])] : [] });
}

/**
 * Hooks the two drivers once, in this process (the server under test runs here): while a recording
 * is open, every read statement is kept with its parameters, so its plan can be asked afterwards.
 * Outside a recording the hooks only compare one variable.
 */
function install() {
  if (installed) return;
  installed = true;
  // better-sqlite3's statements share one prototype; the server's statement cache prepares each
  // text once, so the hooks sit on the statement's runs rather than on `prepare`.
  const probe = new SQLite(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['all', 'get', 'iterate', 'run'] as const) {
    const original = statementPrototype[method] as (...args: unknown[]) => unknown;
    statementPrototype[method] = function (this: { source: string }, ...args: unknown[]) {
      keep(this.source, args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
      return original.apply(this, args);
    };
  }
  const clientPrototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const originalQuery = clientPrototype.query;
  clientPrototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') keep(first, second);
    else if (first && typeof first === 'object' && 'text' in first)
      keep((first as { text: string }).text, (first as { values?: unknown[] }).values);
    return originalQuery.apply(this, args);
  };
}

/** Runs `work` and returns the distinct reads it made, in the order first run. */
export async function recordReads(work: () => Promise<void>): Promise<RecordedQuery[]> {
  install();
  recording = [];
  try {
    await work();
    const seen = new Set<string>();
    return recording.filter((q) => !seen.has(q.sql) && seen.add(q.sql));
  } finally {
    recording = null;
  }
}

/** `EXPLAIN QUERY PLAN` on SQLite as its indented tree; `EXPLAIN` on PostgreSQL as it prints it. */
export async function explain(
  target: { sqliteFile: string } | { databaseUrl: string },
  queries: RecordedQuery[],
): Promise<string[]> {
  if ('sqliteFile' in target) {
    const file = new SQLite(target.sqliteFile, { readonly: true });
    try {
      return queries.map((q) => {
        const rows = file.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as {
          id: number;
          parent: number;
          detail: string;
        }[];
        const depth = new Map<number, number>([[0, 0]]);
        return rows
          .map((row) => {
            const level = (depth.get(row.parent) ?? 0) + 1;
            depth.set(row.id, level);
            return `${'  '.repeat(level - 1)}${row.detail}`;
          })
          .join('\n');
      });
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const q of queries) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.sql}`, q.parameters);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await client.end();
  }
}
