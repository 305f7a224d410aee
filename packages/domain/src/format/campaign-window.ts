// The regulator campaign page is listed in the footer only from 20 November to 10 December,
// both included, every year (spec 1 §2, §9; spec 3 §9).

/**
 * Read in French time by default (the service is sold in France), so the page appears at
 * midnight in Paris whatever the time zone of the server or browser.
 */
export function isCampaignPageVisible(date: Date, timeZone = 'Europe/Paris'): boolean {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, month: 'numeric', day: 'numeric' }).formatToParts(date);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const day = Number(parts.find((p) => p.type === 'day')?.value);
  return (month === 11 && day >= 20) || (month === 12 && day <= 10);
}
