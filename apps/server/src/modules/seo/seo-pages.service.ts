import { cleanSlug, episodeHtmlRoute, htmlRoute, seasonHtmlRoute, type NamedItem } from '@playz/domain';
import type { SharePage } from './html-head';
import type { SeoRepository } from './seo.repository';
import { buildSitemapPaths } from './sitemap';

export type SeoResolution =
  | { kind: 'page'; page: SharePage }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  /** Not one of the item routes: the SPA decides (home, account pages...). */
  | { kind: 'other' };

const ID = '(\\d{1,9})';
const SLUG = '([^/]+?)';
const ITEM_ROUTE = new RegExp(`^/(content|content-list|channel|series)/${ID}/${SLUG}(\\.html)?$`);
const SEASON_ROUTE = new RegExp(`^/series/${ID}/${SLUG}/season/${ID}/${SLUG}(\\.html)?$`);
/** The other catalogue's pages (decision 060): their path is the API call's, with no slug. */
const BROWSE_ROUTE = new RegExp(`^/(category|content-collection|character)/${ID}$`);
const EPISODE_ROUTE = new RegExp(`^/series/${ID}/${SLUG}/season/${ID}/${SLUG}/episode/${ID}/${SLUG}(\\.html)?$`);

const media = (relative: string | null) => (relative ? `/media/${relative}` : null);
const named = (row: { id: number; name: string }): NamedItem => ({ id: row.id, name: row.name });

/**
 * Resolves a web path to the page it shares. A route whose slug is not the item's cleaned name
 * redirects to the right one, keeping its form (.html or not); unknown ids are not found.
 */
export function createSeoPagesService(repo: SeoRepository) {
  /** The canonical path of an episode: nested under its series and season when it has them. */
  async function episodePath(content: { id: number; title: string; content_list_id: number | null }) {
    const season = content.content_list_id !== null ? await repo.getList(content.content_list_id) : undefined;
    const series = season?.parent_id ? await repo.getList(season.parent_id) : undefined;
    return season && series
      ? episodeHtmlRoute(named(series), named(season), { id: content.id, name: content.title })
      : htmlRoute('content', content.id, content.title);
  }

  async function resolveItem(kind: string, id: number): Promise<SharePage | null> {
    if (kind === 'content') {
      const c = await repo.getContent(id);
      if (!c || c.enabled !== 1) return null;
      const isEpisode = c.content_type === 'Episode';
      return {
        title: c.title,
        description: c.description,
        canonicalPath: isEpisode ? await episodePath(c) : htmlRoute('content', c.id, c.title),
        imagePath: media(c.poster),
        type: isEpisode ? 'video.episode' : c.content_type === 'Film' ? 'video.movie' : 'video.other',
      };
    }
    if (kind === 'channel') {
      const c = await repo.getChannel(id);
      return c
        ? {
            title: c.name,
            description: c.description,
            canonicalPath: htmlRoute('channel', c.id, c.name),
            imagePath: media(c.poster),
            type: 'website',
          }
        : null;
    }
    const list = await repo.getList(id);
    if (!list || (kind === 'series') !== (list.type === 'Series')) return null;
    return {
      title: list.name,
      description: list.description,
      canonicalPath: htmlRoute(kind === 'series' ? 'series' : 'content-list', list.id, list.name),
      imagePath: media(list.poster),
      type: list.type === 'Series' ? 'video.tv_show' : 'website',
    };
  }

  /** A category's, a collection's or a character's page, or null when there is no such item. */
  async function resolveBrowse(kind: string, id: number): Promise<SharePage | null> {
    const canonicalPath = `/${kind}/${id}`;
    if (kind === 'character') {
      const c = await repo.getCharacter(id);
      return c
        ? { title: c.name, description: c.description, canonicalPath, imagePath: media(c.image), type: 'website' }
        : null;
    }
    const item = kind === 'category' ? await repo.getCategory(id) : await repo.getCollection(id);
    return item ? { title: item.name, description: '', canonicalPath, imagePath: null, type: 'website' } : null;
  }

  /** The path with the right slugs in the same form as asked (.html or SPA). */
  const sameForm = (canonicalHtml: string, isHtml: boolean) =>
    isHtml ? canonicalHtml : canonicalHtml.replace(/\.html$/, '');

  async function resolveNested(path: string): Promise<SeoResolution | null> {
    const episode = EPISODE_ROUTE.exec(path);
    const season = episode ? null : SEASON_ROUTE.exec(path);
    if (!episode && !season) return null;
    const m = (episode ?? season)!;
    const [series, seasonRow] = await Promise.all([repo.getList(Number(m[1])), repo.getList(Number(m[3]))]);
    if (series?.type !== 'Series' || seasonRow?.type !== 'Season' || seasonRow.parent_id !== series.id)
      return { kind: 'not-found' };
    if (season) {
      const canonicalPath = seasonHtmlRoute(named(series), named(seasonRow));
      const page: SharePage = {
        title: seasonRow.name,
        description: seasonRow.description,
        canonicalPath,
        imagePath: media(seasonRow.poster ?? series.poster),
        type: 'video.tv_show',
      };
      return checkSlug(path, canonicalPath, season[5] === '.html', page);
    }
    const content = await repo.getContent(Number(episode![5]));
    if (!content || content.enabled !== 1 || content.content_list_id !== seasonRow.id) return { kind: 'not-found' };
    const canonicalPath = episodeHtmlRoute(named(series), named(seasonRow), { id: content.id, name: content.title });
    const page: SharePage = {
      title: `${series.name} : ${content.title}`,
      description: content.description,
      canonicalPath,
      imagePath: media(content.poster),
      type: 'video.episode',
    };
    return checkSlug(path, canonicalPath, episode![7] === '.html', page);
  }

  function checkSlug(path: string, ownHtmlPath: string, isHtml: boolean, page: SharePage): SeoResolution {
    const expected = sameForm(ownHtmlPath, isHtml);
    return path === expected ? { kind: 'page', page } : { kind: 'redirect', location: expected };
  }

  return {
    sitemapPaths: () => buildSitemapPaths(repo),
    async resolve(path: string): Promise<SeoResolution> {
      // A purchase's confirmation (/content/5/purchased, decision 030) is personal: no shared page,
      // no redirect to the item's canonical path when it is reloaded.
      if (PURCHASED_ROUTE.test(path)) return { kind: 'other' };
      const nested = await resolveNested(path);
      if (nested) return nested;
      const browse = BROWSE_ROUTE.exec(path);
      if (browse) {
        const page = await resolveBrowse(browse[1]!, Number(browse[2]));
        return page ? { kind: 'page', page } : { kind: 'not-found' };
      }
      const m = ITEM_ROUTE.exec(path);
      if (!m) return { kind: 'other' };
      const [, kind, rawId, , html] = m;
      const page = await resolveItem(kind!, Number(rawId));
      // The live player falls back to the first channel when no id matches (spec 2 §2).
      if (!page) return kind === 'channel' ? { kind: 'other' } : { kind: 'not-found' };
      // The route asked for is checked against its own kind (an episode's /content/ route stays valid).
      return checkSlug(path, `/${kind}/${Number(rawId)}/${cleanSlug(page.title)}.html`, html === '.html', page);
    },
  };
}
const PURCHASED_ROUTE = /^\/(content|content-list|live-event)\/\d{1,10}\/purchased$/;

export type SeoPagesService = ReturnType<typeof createSeoPagesService>;
