import type {
  AbortableOperationOptions,
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Stands for "any table": a raw SQL write whose tables are not parsed. */
export const ANY_TABLE = '*';

/** Told, once the data is visible to other connections, which tables a write changed. */
export type TableWritesListener = (tables: ReadonlySet<string>) => Promise<void> | void;

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(insert|update|delete|replace|merge|upsert|alter|create|drop|truncate)\b/i;

/**
 * The tables a query writes, or null for a read. Every table named anywhere in a write is
 * counted (a subquery's table too): telling too many is harmless, too few is not. A raw SQL
 * statement that writes counts as writing every table.
 */
export function tablesWrittenBy(query: CompiledQuery): Set<string> | null {
  const node = query.query as { kind: string };
  if (node.kind === 'RawNode') return RAW_WRITE.test(query.sql) ? new Set([ANY_TABLE]) : null;
  if (!WRITE_NODES.has(node.kind)) return null;
  const tables = new Set<string>();
  collectTables(node, tables);
  return tables.size > 0 ? tables : new Set([ANY_TABLE]);
}

function collectTables(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectTables(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as { kind?: string; table?: { identifier?: { name?: string } } };
  if (node.kind === 'TableNode' && node.table?.identifier?.name) into.add(node.table.identifier.name);
  for (const child of Object.values(node)) collectTables(child, into);
}

/**
 * A Kysely dialect that tells `listener()` the tables each write changed: after the statement
 * outside a transaction, after COMMIT inside one (nothing after a rollback). Read caches keyed
 * by table generations (lib/table-generations) rely on it: a reader that read a generation
 * before the write became visible keeps a stale entry under a generation the write then bumps.
 * The listener is read at each write so the app can set it after the database is opened.
 */
export function trackTableWrites(dialect: Dialect, listener: () => TableWritesListener | null): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => trackingDriver(dialect.createDriver(), listener),
  };
}

function trackingDriver(driver: Driver, listener: () => TableWritesListener | null): Driver {
  /** Tables written by each connection's open transaction. */
  const pending = new WeakMap<DatabaseConnection, Set<string>>();
  const tell = async (tables: ReadonlySet<string>) => {
    const current = listener();
    if (current && tables.size > 0) await current(tables);
  };
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const wrapped: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
        const result = await connection.executeQuery<R>(query, options);
        const written = tablesWrittenBy(query);
        if (written) {
          const open = pending.get(wrapped);
          if (open) for (const table of written) open.add(table);
          else await tell(written);
        }
        return result;
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number, options?: AbortableOperationOptions) =>
        connection.streamQuery<R>(query, chunkSize, options),
    };
    return wrapped;
  };
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;

  return {
    init: (options) => driver.init(options),
    async acquireConnection(options) {
      const connection = await driver.acquireConnection(options);
      const wrapped = wrap(connection);
      inner.set(wrapped, connection);
      return wrapped;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await driver.beginTransaction(unwrap(connection), settings);
      pending.set(connection, new Set());
    },
    async commitTransaction(connection: DatabaseConnection) {
      await driver.commitTransaction(unwrap(connection));
      const written = pending.get(connection);
      pending.delete(connection);
      if (written) await tell(written);
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      pending.delete(connection);
      await driver.rollbackTransaction(unwrap(connection));
    },
    ...(driver.savepoint && { savepoint: (c, name, compile) => driver.savepoint!(unwrap(c), name, compile) }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: (c, name, compile) => driver.rollbackToSavepoint!(unwrap(c), name, compile),
    }),
    ...(driver.releaseSavepoint && {
      releaseSavepoint: (c, name, compile) => driver.releaseSavepoint!(unwrap(c), name, compile),
    }),
    releaseConnection: (connection: DatabaseConnection, options) =>
      driver.releaseConnection(unwrap(connection), options),
    destroy: (options) => driver.destroy(options),
  };
}
