import type { Content } from '@playz/api-contract';
import { ApiError, openingKey, resumeTime, type Access } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countOpening } from './opening-counts';
import type { PlaybackService } from './playback.service';

/**
 * A page opening (decision 045): the first seconds of a film, started by its player page's HTML
 * in the browser's own HLS player, so a first visit shows the picture before the app's code has
 * run. The app's player page takes over from it (@playz/player, page-opening.ts).
 */
export interface PageOpening {
  /** The same name the player page asks for (`openingKey`: the content and its start). */
  key: string;
  /** HLS, its manifests cut to its few segments, under an opening grant (no device place). */
  url: string;
  /** The film's time at the stream's start: the native player counts from 0 there. */
  offset: number;
  /** Where the viewer starts (their resume point, or 0), in the film's time. */
  start: number;
}

type Session = { id: string; customerId: number; profileId?: number | null };

/** The content player's path (the web router's `/content/:contentId/:slug`), not its purchased page. */
const CONTENT_PLAYER_PAGE = /^\/content\/(\d{1,15})\/(?!purchased$)[^/]+$/;

export function createPageOpenings(deps: {
  playback: Pick<PlaybackService, 'getPageOpening'>;
  limiter: RateLimiter;
  /** The content with the customer's own resume point, as GET /content/{id} answers it. */
  contentFor: (rawId: string, customerId: number) => Promise<Content>;
  accessOf: (session: Session) => Promise<readonly Access[]>;
  onError: (error: unknown) => void;
  now?: () => Date;
}) {
  /**
   * The opening of the page at `pathname` for `session`, or null: a visitor, another page, a
   * programme (it plays from its channel) or an episode (it moves to its own route), no right
   * to View, an encrypted film, too many openings. The same rule as an opening in the app
   * (`contentOpening` in @playz/queries); the server decides it again, as for every stream.
   */
  return async function pageOpeningFor(session: Session | null, pathname: string): Promise<PageOpening | null> {
    const id = session ? CONTENT_PLAYER_PAGE.exec(pathname)?.[1] : undefined;
    if (!session || !id) return null;
    try {
      const content = await deps.contentFor(id, session.customerId);
      if (content.contentType === 'Programme' || content.seriesID !== null) return null;
      const start = resumeTime(content.playbackTime, content.duration);
      await countOpening(deps.limiter, session.customerId, id, (deps.now?.() ?? new Date()).getTime());
      const access = await deps.accessOf(session);
      const { stream, offset } = await deps.playback.getPageOpening({ rawId: id, access, session }, start ?? 0);
      return { key: openingKey(id, start), url: stream.url, offset, start: start ?? 0 };
    } catch (error) {
      // A refusal means the page plays the usual way; anything else is logged, never a failed page.
      if (!(error instanceof ApiError)) deps.onError(error);
      return null;
    }
  };
}

export type PageOpenings = ReturnType<typeof createPageOpenings>;
