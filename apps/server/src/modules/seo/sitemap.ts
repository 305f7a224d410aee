import { episodeHtmlRoute, htmlRoute, seasonHtmlRoute } from '@playz/domain';
import { escapeHtml } from './html-head';
import type { SeoRepository } from './seo.repository';

/**
 * The catalogue pages of decision 060, at their routes (which carry no slug): the four lists, then
 * each category, content collection and character.
 */
export const CATALOGUE_PAGES = ['/categories', '/characters', '/games', '/comedy'] as const;

/**
 * Every shareable item by its canonical .html URL: contents, series, seasons, episodes, channels;
 * then the catalogue pages (decision 060).
 */
export async function buildSitemapPaths(repo: SeoRepository): Promise<string[]> {
  const [contents, lists, channels, categories, collections, characters] = await Promise.all([
    repo.listAllContents(),
    repo.listAllLists(),
    repo.listAllChannels(),
    repo.listAllCategories(),
    repo.listAllCollections(),
    repo.listAllCharacters(),
  ]);
  const listById = new Map(lists.map((l) => [l.id, l]));
  const paths: string[] = [];
  for (const list of lists) {
    if (list.type === 'Series') paths.push(htmlRoute('series', list.id, list.name));
    else if (list.type === 'Default') paths.push(htmlRoute('content-list', list.id, list.name));
    else {
      const series = list.parent_id !== null ? listById.get(list.parent_id) : undefined;
      if (series) paths.push(seasonHtmlRoute(series, list));
    }
  }
  for (const c of contents) {
    const season = c.content_list_id !== null ? listById.get(c.content_list_id) : undefined;
    const series = season?.parent_id != null ? listById.get(season.parent_id) : undefined;
    paths.push(
      c.content_type === 'Episode' && season && series
        ? episodeHtmlRoute(series, season, { id: c.id, name: c.title })
        : htmlRoute('content', c.id, c.title),
    );
  }
  for (const c of channels) paths.push(htmlRoute('channel', c.id, c.name));
  paths.push(...CATALOGUE_PAGES);
  for (const c of categories) paths.push(`/category/${c.id}`);
  for (const c of collections) paths.push(`/content-collection/${c.id}`);
  for (const c of characters) paths.push(`/character/${c.id}`);
  return paths;
}

export function sitemapXml(publicUrl: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(publicUrl + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /media/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
