import type { Kysely } from 'kysely';
import { suitsKidsProfile } from '@playz/domain';
import type { Database } from '../../db/schema';
import type { CatalogueRepository, CatalogueService } from '../catalogue';

/** A player route as the remote rule rewrites it (spec 2 §4): `/{type}/{id}/player`. */
const PLAYER_ROUTE = /^\/(clip|content|playlist|content-list|channel)\/(\d{1,15})\/player$/;

/**
 * "Send to TV" from a kids profile (decision 059 addendum, decision 064): the TV plays what it is
 * sent under its own session, which may be an adult profile's, so a phone on a kids profile could
 * hand it what the kids profile may not play. The hub asks this before relaying a push: the
 * sender's profile (read at the push, since a profile switch keeps the socket) and the rating of
 * what the route plays: a content's, a list's or any of its contents', a channel's programme on air.
 * Something unknown is not refused here: the TV says it is not found.
 */
export function createKidsPushGuard(deps: {
  db: Kysely<Database>;
  rows: Pick<CatalogueRepository, 'getContent'>;
  lists: Pick<CatalogueService, 'listContentsOfList'>;
  now: () => Date;
}) {
  const isKidsSession = async (sessionId: string) =>
    (
      await deps.db
        .selectFrom('sessions')
        .innerJoin('customer_profiles', 'customer_profiles.id', 'sessions.profile_id')
        .select('customer_profiles.is_kids')
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst()
    )?.is_kids === 1;

  /** The highest rating the route plays now; 0 (tous publics) for what is not known. */
  async function ratingOf(type: string, id: number): Promise<number> {
    if (type === 'clip' || type === 'content') return (await deps.rows.getContent(id))?.rating ?? 0;
    if (type === 'channel') {
      const at = deps.now();
      const airings = await deps.db
        .selectFrom('schedules')
        .innerJoin('contents', 'contents.id', 'schedules.content_id')
        .select(['schedules.date_scheduled', 'schedules.duration', 'contents.rating'])
        .where('schedules.channel_id', '=', id)
        .where('schedules.date_scheduled', '<=', at.toISOString())
        .where('schedules.date_scheduled', '>=', new Date(at.getTime() - 24 * 3600_000).toISOString())
        .execute();
      const onAir = airings.find((a) => Date.parse(a.date_scheduled) + a.duration * 1000 > at.getTime());
      return onAir?.rating ?? 0;
    }
    const list = await deps.lists.listContentsOfList(id);
    return Math.max(list?.rating ?? 0, ...(list?.contents ?? []).map((c) => c.rating ?? 0));
  }

  /** Whether this session may not send `route` to a screen: a kids profile and a rating above -10. */
  return async function refusesPush(sessionId: string, route: string): Promise<boolean> {
    const match = PLAYER_ROUTE.exec(route);
    if (!match || !(await isKidsSession(sessionId))) return false;
    return !suitsKidsProfile(await ratingOf(match[1]!, Number(match[2])));
  };
}
