/** A one-line text progress bar for the first start's media generation. */
export function renderProgress(step: string, done: number, total: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  return `${step.padEnd(14)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)
    .toString()
    .padStart(3)}%`;
}
