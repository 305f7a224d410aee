import type { Content, Frame } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { BrowseService } from './browse.service';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import type { FavoritesService } from './favorites.service';
import { assertSuitsKids, isKids, kidsList, kidsOnly } from './kids-filter';

/** Who plays a list: a kids profile plays only what suits it (decision 059). */
type Viewer = { customerId: number; isKidsProfile: boolean } | null;

const RELATED_LIMIT = 12;

/** Where each content of a list starts on the list's one timeline (decision 057). */
function timeline(contents: Content[]) {
  let start = 0;
  return contents.map((content) => {
    const item = { content, start };
    start += Math.max(content.duration, 0);
    return item;
  });
}

/**
 * The /content-list/{id} family of spec 2 §7 (related, frames, url, url/adaptive, playback/status):
 * a list plays as one (decision 057). Its contents, in the list's order (a series' episodes
 * through its seasons), make one timeline: frames and the resume time are on it, and the stream
 * calls play the content the viewer is at.
 */
export function createListPlayback(deps: {
  browse: BrowseService;
  catalogue: CatalogueService;
  favorites: FavoritesService;
  repo: Pick<CatalogueRepository, 'lastSavedOf'>;
}) {
  /**
   * The list's contents in play order, as the viewer may play them: a kids profile gets 4
   * (NotForKidsProfile) for a list above -10 and plays only its contents that suit it (decision 059).
   */
  async function contentsOf(rawId: string, viewer: Viewer): Promise<Content[]> {
    const list = await deps.browse.getContentList(rawId);
    assertSuitsKids(list, isKids(viewer));
    return kidsList(list, isKids(viewer)).contents;
  }

  return {
    /** Contents related to the list's first one, without the list's own (spec 2 §2 players). */
    async related(rawId: string, viewer: Viewer): Promise<Content[]> {
      const contents = await contentsOf(rawId, viewer);
      const first = contents[0];
      if (!first) return [];
      const own = new Set(contents.map((c) => c.contentID));
      const related = await deps.catalogue.getRelated(String(first.contentID));
      return kidsOnly(related, isKids(viewer))
        .filter((c) => !own.has(c.contentID))
        .slice(0, RELATED_LIMIT);
    },

    /** Each content's seek-bar pictures moved to where it starts on the list's timeline. */
    async frames(rawId: string, viewer: Viewer): Promise<Frame[]> {
      const items = timeline(await contentsOf(rawId, viewer));
      const perContent = await Promise.all(items.map((i) => deps.browse.getFrames(String(i.content.contentID))));
      return items
        .flatMap((item, n) => perContent[n]!.map((f) => ({ time: item.start + f.time, url: f.url })))
        .map((f, index) => ({ index, ...f }));
    },

    /**
     * The content to play, with the viewer's progress: the one asked (it must be in the list, else
     * 20); else where the viewer is in the list, the content they saved a resume point on last, or
     * the next one once that is watched (status Done); the first for a new viewer, and again after
     * the last one is watched (decision 057).
     */
    async itemToPlay(rawId: string, viewer: Viewer, contentId?: number): Promise<Content> {
      const customerId = viewer?.customerId ?? null;
      const contents = await deps.catalogue.withProgress(await contentsOf(rawId, viewer), customerId);
      let item: Content | undefined;
      if (contentId !== undefined) item = contents.find((c) => c.contentID === contentId);
      else {
        const last =
          customerId === null
            ? null
            : await deps.repo.lastSavedOf(
                customerId,
                contents.map((c) => c.contentID),
              );
        const at = contents.findIndex((c) => c.contentID === last);
        item =
          at === -1 ? contents[0] : contents[at]!.status === 'Done' ? (contents[at + 1] ?? contents[0]) : contents[at];
      }
      if (!item) throw apiError(ApiErrorNumber.ContentNotFound);
      return item;
    },

    /**
     * spec 2 §7 /content-list/{id}/playback/status: playback_time is on the list's timeline. The
     * content at that time gets its resume point (spec 2 §4 Resume), so the list resumes there; a
     * time past the end finishes the last one. Contents skipped are not marked watched.
     */
    async saveProgress(auth: CustomerAuth, rawId: string, listTime: number): Promise<Content> {
      const items = timeline(await contentsOf(rawId, auth));
      if (items.length === 0) throw apiError(ApiErrorNumber.ContentNotFound);
      // A time at a content's end is that content's: the player's save at the end finishes it.
      const at = items.findIndex((i) => listTime <= i.start + i.content.duration);
      const index = at === -1 ? items.length - 1 : at;
      const { content, start } = items[index]!;
      const time = Math.min(Math.max(listTime - start, 0), content.duration);
      return deps.favorites.saveProgress(auth, String(content.contentID), { time });
    },
  };
}
export type ListPlayback = ReturnType<typeof createListPlayback>;
