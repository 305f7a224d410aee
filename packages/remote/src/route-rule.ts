import { z } from 'zod';

/**
 * spec 2 §4 Remote control: "A remote route is accepted if it is clip, playlist, channel, content
 * or content-list with a numeric id. It is rewritten to the player route." The player route is
 * the deep-link form of spec 2 §2, `/{type}/{id}/player` (`/content/{id}` opens
 * `/clip/{id}/player`, `type_{id}` opens `/{type}/{id}/player`). The web app's page routes
 * (apps/web/src/lib/catalogue-links.ts) need slugs the remote does not have, so the TV resolves
 * the player route itself.
 */
export const REMOTE_ROUTE_TYPES = ['clip', 'playlist', 'channel', 'content', 'content-list'] as const;
export type RemoteRouteType = (typeof REMOTE_ROUTE_TYPES)[number];

const TYPES = REMOTE_ROUTE_TYPES.join('|');
/** `/type/12`, `/type/12/slug.html`, `/type/12/player`, and the deep-link form `type_12`. */
const PATH_FORM = new RegExp(`^/(${TYPES})/([0-9]{1,10})(?:/[^/?#]*)?/?$`);
const DEEP_LINK_FORM = new RegExp(`^(${TYPES})_([0-9]{1,10})$`);

export interface PlayerRoute {
  type: RemoteRouteType;
  id: number;
  route: string;
}

/** The player route of a remote route, or null when the rule refuses it. */
export function toPlayerRoute(input: string): PlayerRoute | null {
  const match = PATH_FORM.exec(input) ?? DEEP_LINK_FORM.exec(input);
  if (!match) return null;
  const type = match[1] as RemoteRouteType;
  const id = Number(match[2]);
  // Ids are positive; 0 and leading zeros name nothing in the catalogue.
  if (id < 1 || String(id) !== match[2]) return null;
  return { type, id, route: `/${type}/${id}/player` };
}

/** A route in a message: accepted by the rule and handed on rewritten to the player route. */
export const remoteRouteSchema = z
  .string()
  .max(512)
  .transform((input, ctx) => {
    const player = toPlayerRoute(input);
    if (!player) {
      ctx.addIssue({ code: 'custom', message: 'not a clip, playlist, channel, content or content-list route' });
      return z.NEVER;
    }
    return player.route;
  });
