/**
 * A row's new id taken as max(id) + 1 (tables whose ids come from the catalogue's own numbering,
 * decisions 099 and 103) can collide with another transaction's at the same instant: PostgreSQL
 * refuses the second insert with a unique violation. The loser's whole transaction is tried again,
 * so neither viewer nor operator ever sees that as a 5xx.
 */
export const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

/**
 * PostgreSQL's own answers to two transactions crossing (deadlock detected, 40P01; could not
 * serialize, 40001): the loser was rolled back whole, so running it again is safe.
 */
const isTransactionConflict = (error: unknown) =>
  ['40P01', '40001'].includes(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * Runs `work` (a whole transaction) again after a unique violation or a transaction conflict, at
 * most `attempts` times. Three editors taking max(id) + 1 at once can each lose twice when the
 * winners commit late (a loaded machine), so the default leaves room for more than one round.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !(isUniqueViolation(error) || isTransactionConflict(error))) throw error;
    }
  }
}
