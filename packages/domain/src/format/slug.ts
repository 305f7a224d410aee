// Generated content routes end in .html and use a cleaned name slug (spec 1 §2, spec 2 §2).

// Letters that Unicode does not decompose into a base letter plus accent.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/** 'Été à Paris !' -> 'ete-a-paris'; a name with nothing usable gives 'item'. */
export function cleanSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæßøđłı]/g, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'item' : slug;
}

export type HtmlRouteKind = 'content' | 'content-list' | 'channel' | 'series';

/** '/content/12/mon-film.html' */
export function htmlRoute(kind: HtmlRouteKind, id: number | string, name: string): string {
  return `/${kind}/${id}/${cleanSlug(name)}.html`;
}

export interface NamedItem {
  id: number | string;
  name: string;
}

/** '/series/{serie_id}/{slug1}/season/{season_id}/{slug2}.html' (spec 1 §2). */
export function seasonHtmlRoute(series: NamedItem, season: NamedItem): string {
  return `/series/${series.id}/${cleanSlug(series.name)}/season/${season.id}/${cleanSlug(season.name)}.html`;
}

/** Episode player route, nested under its series and season (spec 1 §2). */
export function episodeHtmlRoute(series: NamedItem, season: NamedItem, episode: NamedItem): string {
  const seasonPath = seasonHtmlRoute(series, season).replace(/\.html$/, '');
  return `${seasonPath}/episode/${episode.id}/${cleanSlug(episode.name)}.html`;
}
