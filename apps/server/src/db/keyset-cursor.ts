import { ApiErrorNumber, apiError } from '@playz/domain';

/**
 * The console's lists page by keyset (decision 110): a page is the rows after the last one the
 * previous page showed, in a stable order ending with a unique column, read from an index. An
 * offset would make the database walk (and throw away) every row before the page, which grows
 * with the table; a keyset read costs the same on the first page and the thousandth.
 *
 * The position travels as an opaque cursor: base64url of `[list, ...values]`. Opaque so the
 * console never builds one (the order may change without changing the contract), and named by
 * its list so one list's cursor is refused by another. It is not signed: a hand-made cursor
 * only moves the reader within a list it may already read whole, with the same filters, so it
 * grants nothing. It is validated value by value, and any cursor that does not decode to the
 * list's shape is 3 (bad parameter), never a 5xx.
 */
export type CursorValue = 'int' | 'text';

const MAX_CURSOR_LENGTH = 400;

export function encodeCursor(list: string, values: (string | number)[]): string {
  return Buffer.from(JSON.stringify([list, ...values]), 'utf8').toString('base64url');
}

/** The values of `cursor` for `list`, typed by `shape`; 3 when it is not one of this list's cursors. */
export function decodeCursor<const S extends readonly CursorValue[]>(
  list: string,
  shape: S,
  cursor: string,
): { [K in keyof S]: S[K] extends 'int' ? number : string } {
  const refuse = () => apiError(ApiErrorNumber.BadParameter, 'after: not a cursor of this list');
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(decoded) || decoded.length !== shape.length + 1 || decoded[0] !== list) throw refuse();
  const values = decoded.slice(1);
  shape.forEach((kind, i) => {
    const value: unknown = values[i];
    const ok =
      kind === 'int'
        ? Number.isSafeInteger(value) && (value as number) >= 0
        : typeof value === 'string' && value.length <= 200;
    if (!ok) throw refuse();
  });
  return values as { [K in keyof S]: S[K] extends 'int' ? number : string };
}

/**
 * One page of `limit` rows read as `limit + 1`: the extra row, if any, says a next page exists
 * (no count of the whole list, which would read it all), and the cursor is made from the last
 * row shown.
 */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  cursorOf: (last: T) => string,
): { items: T[]; next: string | null } {
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit ? cursorOf(items.at(-1)!) : null };
}
