/**
 * spec 1 §2 "Tizen: a payload asset id of the form /content/{id} opens /clip/{id}/player; a form
 * type_{id} opens /{type}/{id}/player". Anything else opens nothing (null): a launch must not land
 * on a route the app does not have. Ids are numeric, like the remote route rule of spec 2 §4;
 * types are lower-case words (clip, channel, playlist…).
 */
export function deepLinkRoute(assetId: string): string | null {
  const value = assetId.trim();
  const content = /^\/content\/(\d{1,12})\/?$/.exec(value);
  if (content) return `/clip/${content[1]}/player`;
  const typed = /^([a-z][a-z-]{0,31})_(\d{1,12})$/.exec(value);
  if (typed) return `/${typed[1]}/${typed[2]}/player`;
  return null;
}

/**
 * The Samsung launch payload: the app control's PAYLOAD datum, a JSON string whose `values` is the
 * asset id (Samsung Smart Hub preview deep links). A bare string is taken as the asset id itself.
 */
export function assetIdOfTizenPayload(payload: string): string | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { values?: unknown }).values === 'string')
      return (parsed as { values: string }).values;
    return null;
  } catch {
    return payload;
  }
}

/** Player routes of the TV app (decision 035): content types, lists, channels, live events. */
const PLAYER_TYPES = new Set([
  'clip',
  'episode',
  'film',
  'content',
  'content-list',
  'playlist',
  'channel',
  'live-event',
]);
/** The TV app's browsing screens a launch may open as they are (decision 035 route table). */
const SCREENS = new Set([
  '/',
  '/channels',
  '/guide',
  '/replay',
  '/search',
  '/favorites',
  '/account',
  '/login',
  '/subscribe',
  '/explore',
]);
const SCREENS_WITH_ID = new Set(['series', 'category', 'content-collection', 'character']);

/**
 * The Orange box's launch route (spec 1 §2 / spec 2 §2 "the initial route is passed at activation
 * and triggers a deep-link event") as a TV app path, or null (home). The box's route table is not
 * shown (decision 087): the spec's deep-link forms come first (`/content/{id}` → its player,
 * `type_{id}` → `/{type}/{id}/player`), then the TV app's own paths — a player, a channel or a
 * live event (`/channel/{id}`, `/live-event/{id}` open their player), the browsing screens —
 * with or without the `/tv` base, a `#` or a query. Anything else (another origin, an unknown
 * screen, a non-numeric id) opens nothing rather than a not-found page.
 */
export function setTopLaunchRoute(route: string | null | undefined): string | null {
  if (!route) return null;
  let value = route.trim().replace(/^#/, '');
  value = value.split(/[?#]/, 1)[0] ?? '';
  if (value === '/tv' || value.startsWith('/tv/')) value = value.slice(3) || '/';
  const spec = deepLinkRoute(value);
  if (spec) return PLAYER_TYPES.has(spec.split('/')[1] ?? '') ? spec : null;
  if (!value.startsWith('/')) value = `/${value}`;
  if (value.length > 1) value = value.replace(/\/+$/, '');
  if (SCREENS.has(value)) return value;
  const player = /^\/([a-z][a-z-]{0,31})\/(\d{1,12})\/player$/.exec(value);
  if (player) return PLAYER_TYPES.has(player[1]!) ? value : null;
  const live = /^\/(channel|live-event)\/(\d{1,12})$/.exec(value);
  if (live) return `${value}/player`;
  const screen = /^\/([a-z][a-z-]{0,31})\/(\d{1,12})$/.exec(value);
  if (screen && SCREENS_WITH_ID.has(screen[1]!)) return value;
  return null;
}
