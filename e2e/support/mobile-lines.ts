/**
 * A mobile line nobody used before, that the operator stand-in pays (not ...0001, not ...99). A
 * visitor's payment signs in only the account it made itself (decision 052): a line paid before,
 * by an earlier journey or this journey's first attempt, already has its account.
 */
export function freshMobile(): string {
  return `06${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}42`;
}
