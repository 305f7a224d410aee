import { needsParentalCode, suitsKidsProfile } from '@playz/domain';
import type { LiveGrant } from './stream-signing';

/** Why a live grant's viewer may not see a programme: the stream call's own reasons (decisions 059, 064). */
export type LiveRatingRefusal = 'NotForKidsProfile' | 'ParentalCodeRequired';

/**
 * What a live grant's viewer may see, fixed at the stream call (decision 082): a kids profile
 * (tous publics and -10 only), and the account's parental threshold when it has a code (View
 * streams only, as the stream call asks). Positional, as the grant's other fields: [kids, threshold].
 */
export type LiveRatingGuard = [kids: 0 | 1, threshold: number | null];

export function liveRatingGuardOf(viewer: {
  isKidsProfile: boolean;
  /** The account's threshold when it has a parental code and the stream is a View; else null. */
  threshold: number | null;
}): LiveRatingGuard | null {
  if (!viewer.isKidsProfile && viewer.threshold === null) return null;
  return [viewer.isKidsProfile ? 1 : 0, viewer.threshold];
}

/**
 * Whether the grant's viewer may see a programme of its channel's timeline without another stream
 * call, and why not: the stream call judged the programme on air then (and the content a replay
 * or start-over was granted for, `contentId`), with its parental proof (`proven`); any other
 * programme the window reaches is judged here, the same way, so a grant issued for a suitable
 * programme does not open a later one that is not (decision 082).
 */
export function liveRatingRefusal(
  grant: Pick<LiveGrant, 'guard' | 'proven' | 'contentId'>,
  programme: { contentId: number; rating: number },
): LiveRatingRefusal | null {
  const guard = grant.guard;
  if (!guard || programme.contentId === grant.contentId) return null;
  const [kids, threshold] = guard;
  if (kids === 1 && !suitsKidsProfile(programme.rating)) return 'NotForKidsProfile';
  if (threshold !== null && needsParentalCode(programme.rating, threshold) && programme.contentId !== grant.proven)
    return 'ParentalCodeRequired';
  return null;
}
