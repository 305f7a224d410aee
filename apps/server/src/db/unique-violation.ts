/**
 * A row's new id taken as max(id) + 1 (tables whose ids come from the catalogue's own numbering,
 * decisions 099 and 103) can collide with another transaction's at the same instant: PostgreSQL
 * refuses the second insert with a unique violation. The loser's whole transaction is tried again,
 * so neither viewer nor operator ever sees that as a 5xx.
 */
export const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

/** Runs `work` (a whole transaction) again after a unique violation, at most `attempts` times. */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
