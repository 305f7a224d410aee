/*
 * What a screen asks its phones to type for it (beyond the spec; decision 034 "The TV hands a
 * step to the phone"): the parental code, first or again after a wrong one. Like the handoff, it
 * rides on the screen's page in onNotifyCurrentRoute (`?asks=`), so every phone linked to the
 * screen hears it when it is asked and when it is no longer asked, and the envelope's events stay
 * as they are. The answer goes back with the requestParentalCode action.
 */
export const SCREEN_ASKS = ['parental-code', 'parental-code-again'] as const;
export type ScreenAsk = (typeof SCREEN_ASKS)[number];

/** The parental code's form on the wire: 4 digits (spec 1 §5, spec 2 §4). */
export const PARENTAL_CODE_PATTERN = /^\d{4}$/;

/** What the screen's page (`/path?asks=…`) asks, or null. */
export function askOf(page: string | null): ScreenAsk | null {
  if (!page) return null;
  try {
    const asked = new URL(page, 'http://screen.invalid').searchParams.get('asks');
    return (SCREEN_ASKS as readonly string[]).includes(asked ?? '') ? (asked as ScreenAsk) : null;
  } catch {
    return null;
  }
}
