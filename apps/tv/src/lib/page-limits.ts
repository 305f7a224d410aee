/**
 * The page sizes of decision 035: the full home, and the lighter one of the low-memory set-top
 * models (spec 2 §9 UHD86, UHD87), which also keeps only the pictures of the rows next to the
 * focused one.
 */
export const HOME_LIMITS = {
  full: { maxRows: 20, maxTiles: 30, imageRowsAround: Infinity },
  lowMemory: { maxRows: 6, maxTiles: 12, imageRowsAround: 1 },
} as const;

export function homeLimits(lowMemory: boolean) {
  return lowMemory ? HOME_LIMITS.lowMemory : HOME_LIMITS.full;
}

/** Whether row `index` keeps its pictures while row `focusedRow` has the focus. */
export function rowKeepsImages(index: number, focusedRow: number, around: number): boolean {
  return Math.abs(index - focusedRow) <= around;
}
