/**
 * PayPal writes amounts as decimal strings ("2.99"); we keep integer cents (decision 025). Both
 * ways go through integer arithmetic only, so 2.99 never becomes 298.99999 cents. Two decimals:
 * the currencies Playz sells in (EUR, USD) have cents.
 */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The cents of a PayPal amount value, or null when it is not a plain non-negative decimal. */
export function valueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
