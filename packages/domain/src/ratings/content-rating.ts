/**
 * Age ratings on the French scale (CSA signalétique): tous publics, -10, -12, -16, -18. A rating
 * is kept as the age it names (0 for tous publics), so comparing two is comparing numbers, on the
 * server, in SQL and in the apps alike (decision 059).
 */
export const CONTENT_RATINGS = [0, 10, 12, 16, 18] as const;
export type ContentRating = (typeof CONTENT_RATINGS)[number];

/** Tous publics: what an unrated content is. */
export const ALL_AUDIENCES: ContentRating = 0;

/**
 * The highest rating a kids profile sees and plays: tous publics and -10 (decision 059). A -10
 * title is "not advised under 10"; a kids profile is for children up to that age, who watch it
 * with their family, and the parental code is what guards the rest.
 */
export const KIDS_PROFILE_MAX_RATING: ContentRating = 10;

/** The account's parental threshold when none was set: -16 and -18 ask for the code (spec 1 §6). */
export const DEFAULT_PARENTAL_THRESHOLD: ContentRating = 16;

/** The thresholds an account may choose: each rating from -10 up; tous publics never asks. */
export const PARENTAL_THRESHOLDS: readonly ContentRating[] = [10, 12, 16, 18];

export function isContentRating(value: unknown): value is ContentRating {
  return typeof value === 'number' && (CONTENT_RATINGS as readonly number[]).includes(value);
}

/**
 * A rating written by a guide or an operator: "-12", "12", "-12 ans", "Déconseillé aux moins de
 * 12 ans", "CSA 12", "Tous publics", "TP", "U", "0". Null when it names none of the scale's ages,
 * so an unknown rating is never taken for tous publics by mistake by the caller that asked.
 */
export function parseContentRating(text: string | null | undefined): ContentRating | null {
  if (typeof text !== 'string') return null;
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  if (folded === '') return null;
  if (/^(tp|u|all|tous publics?|tout public)$/.test(folded)) return ALL_AUDIENCES;
  const ages = folded.match(/\d{1,2}/g);
  if (!ages || ages.length !== 1) return null;
  const age = Number(ages[0]);
  return isContentRating(age) ? age : null;
}

/** The rating as the French scale writes it: "TP" for tous publics, "-12" for the others. */
export function contentRatingLabel(rating: ContentRating): string {
  return rating === ALL_AUDIENCES ? 'TP' : `-${rating}`;
}

/** Whether a kids profile may see and play a content of this rating (decision 059). */
export function suitsKidsProfile(rating: number): boolean {
  return rating <= KIDS_PROFILE_MAX_RATING;
}

/** Whether playing a content of this rating asks for the parental code, under the account's threshold. */
export function needsParentalCode(rating: number, threshold: number): boolean {
  return rating !== ALL_AUDIENCES && rating >= threshold;
}
