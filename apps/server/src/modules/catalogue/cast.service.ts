import { API_BASE_PATH, endpointRoutes } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { CatalogueRepository } from './catalogue.repository';
import { parseId } from './catalogue.service';
import { CAST_TOKEN_TTL_MS, type CastTokens } from './cast-tokens';
import type { FavoritesService } from './favorites.service';

/**
 * A Cast receiver's resume reports (decision 070). The sender asks for a grant scoped to the
 * content it casts; the receiver, on another device and origin, saves the resume point with it,
 * as the viewer's own player would (spec 2 §4 Resume), never with the viewer's session.
 */
export function createCastService(deps: {
  tokens: CastTokens;
  repo: Pick<CatalogueRepository, 'getContent'>;
  favorites: Pick<FavoritesService, 'saveProgress'>;
  /** Whether the session that started the cast still exists: its end ends the grant. */
  sessionAlive: (sessionId: string) => Promise<boolean>;
  publicUrl: string;
  now: () => Date;
}) {
  const statusUrl = `${deps.publicUrl.replace(/\/$/, '')}${API_BASE_PATH}${endpointRoutes.setCastPlaybackStatus.path}`;
  return {
    async mint(auth: CustomerAuth, rawContentId: string) {
      const contentId = parseId(rawContentId, ApiErrorNumber.ContentNotFound);
      if (!(await deps.repo.getContent(contentId))) throw apiError(ApiErrorNumber.ContentNotFound);
      const expiresAt = deps.now().getTime() + CAST_TOKEN_TTL_MS;
      const token = deps.tokens.seal({ sessionId: auth.sessionId, customerId: auth.customerId, contentId, expiresAt });
      return { token, expiresAt: new Date(expiresAt).toISOString(), statusUrl };
    },

    /** Saves `time` for the grant's content; 4 for a grant that is not ours, expired or whose session ended. */
    async report(token: string, time: number): Promise<true> {
      const grant = deps.tokens.open(token, deps.now().getTime());
      if (!grant || !(await deps.sessionAlive(grant.sessionId))) throw apiError(ApiErrorNumber.Forbidden);
      // The resume point is the account's (spec 2 §4): only the customer counts, as for the viewer's own saves.
      const auth: CustomerAuth = {
        sessionId: grant.sessionId,
        customerId: grant.customerId,
        profileId: null,
        isKidsProfile: false,
      };
      await deps.favorites.saveProgress(auth, String(grant.contentId), { time });
      return true;
    },
  };
}
export type CastService = ReturnType<typeof createCastService>;
