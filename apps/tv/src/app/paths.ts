/**
 * The TV app's routes (decision 035: the spec does not show the TV route table). Paths are inside
 * the router's basename /tv. Player paths follow the deep-link rule of spec 2 §2:
 * /content/{id} opens /clip/{id}/player, type_{id} opens /{type}/{id}/player.
 */
export const tvPaths = {
  home: '/',
  content: (id: number | string) => `/content/${id}`,
  series: (id: number | string) => `/series/${id}`,
  player: (type: string, id: number | string) => `/${type}/${id}/player`,
  contentPlayer: (id: number | string) => `/clip/${id}/player`,
  channelPlayer: (id: number | string) => `/channel/${id}/player`,
  channels: '/channels',
  guide: '/guide',
  replay: '/replay',
  search: '/search',
  favorites: '/favorites',
  account: '/account',
  login: '/login',
  subscribe: '/subscribe',
  /** A film rented on the phone for this TV (decision 040). */
  rent: (id: number | string) => `/rent/${id}`,
  /** The guest link code for a friend's phone (decision 034 Apps). */
  remote: '/remote',
  parental: '/parental',
  /** The other catalogue (spec 2 §7; decision 060): categories, characters, comedy and games in rows. */
  explore: '/explore',
  category: (id: number | string) => `/category/${id}`,
  collection: (id: number | string) => `/content-collection/${id}`,
  character: (id: number | string) => `/character/${id}`,
} as const;

/** The content a path plays on the content player (`tvPaths.contentPlayer`), or null. */
export function contentPlayerIdOf(path: string): string | null {
  return /^\/clip\/(\d{1,15})\/player$/.exec(path)?.[1] ?? null;
}

/** The channel a path plays on the channel player (`tvPaths.channelPlayer`), or null. */
export function channelPlayerIdOf(path: string): string | null {
  return /^\/channel\/(\d{1,15})\/player$/.exec(path)?.[1] ?? null;
}
