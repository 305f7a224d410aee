import { ApiErrorNumber, apiError, playbackUsage, type PlayerKind, type ProductAccess } from '@playz/domain';
import type { CatalogueRepository, ContentRow } from '../catalogue/catalogue.repository';
import { parseId } from '../catalogue/catalogue.service';

/**
 * The content a stream or download call is about, and the entitlement decided once for all of
 * them (ARCHITECTURE 3): an unknown or disabled content is 20; View needs access (spec 2 §4,
 * episodes: service or video; others: service or replay), else 4.
 */
export async function findPlayableContent(
  repo: CatalogueRepository,
  input: { rawId: string; usage: 'View' | 'Preview'; access: readonly ProductAccess[] },
): Promise<{ row: ContentRow; kind: PlayerKind }> {
  const row = await repo.getContent(parseId(input.rawId, ApiErrorNumber.ContentNotFound));
  if (!row || row.enabled !== 1) throw apiError(ApiErrorNumber.ContentNotFound);
  const kind = row.content_type === 'Episode' ? 'episode' : 'content';
  if (input.usage === 'View' && playbackUsage(kind, input.access) !== 'View') throw apiError(ApiErrorNumber.Forbidden);
  return { row, kind };
}
