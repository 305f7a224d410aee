import {
  ApiErrorNumber,
  apiError,
  canPlay,
  itemsOpeningContent,
  playbackUsage,
  suitsKidsProfile,
  type Access,
  type PlayerKind,
  type PurchasedItem,
} from '@playz/domain';
import { parseId, type CatalogueRepository, type ContentRow } from '../catalogue';
import type { CustomerAuth } from '../../lib/access';
import { NotForKidsProfileError } from '../../lib/content-rating-errors';
import { assertParentalGate, type ParentalGate } from './parental-gate';

/**
 * The content a stream or download call is about, and the entitlement decided once for all of
 * them (ARCHITECTURE 3): an unknown or disabled content is 20; View needs access (spec 2 §4,
 * episodes: service or video; others: service or replay) or a purchase of the content or of a
 * list it is in (spec 3 §4), else 4. `purchase` names the item bought when only a purchase opens
 * it: the stream grant carries it, so the purchase is checked again at every manifest. A kids
 * profile gets nothing rated above what suits it, not even a preview; a View of a content rated
 * at or above the account's threshold needs a proof of the parental code (decision 059). A
 * content an editor sells alone (decision 107) is opened by its purchase only, whatever else the
 * viewer subscribes to; its preview stays open.
 */
export async function findPlayableContent(
  repo: CatalogueRepository,
  input: {
    rawId: string;
    usage: 'View' | 'Preview';
    access: readonly Access[];
    purchase?: PurchasedItem | null;
    customer: CustomerAuth | null;
    /** What the caller's parental code asks of a rated content (decision 059); none for visitors. */
    parental?: ParentalGate | null;
  },
): Promise<{ row: ContentRow; kind: PlayerKind; purchase: PurchasedItem | null }> {
  const row = await repo.getContent(parseId(input.rawId, ApiErrorNumber.ContentNotFound));
  if (!row || row.enabled !== 1) throw apiError(ApiErrorNumber.ContentNotFound);
  if (input.customer?.isKidsProfile && !suitsKidsProfile(row.rating)) throw new NotForKidsProfileError();
  // The code is asked of a viewer who may watch it otherwise: the subscribe offer comes first.
  const gated = <T>(entitled: T): T => {
    assertParentalGate(input.parental, row, input.usage);
    return entitled;
  };
  const kind = row.content_type === 'Episode' ? 'episode' : 'content';
  const soldAlone = (await repo.soldAloneAt(row.id)) !== null;
  if (!soldAlone && canPlay(kind, input.access)) return gated({ row, kind, purchase: null });
  // A season is in its series: a purchase of either opens the episode.
  const list = row.content_list_id !== null ? await repo.getList(row.content_list_id) : undefined;
  const listIds = [row.content_list_id, list?.parent_id].filter((id): id is number => typeof id === 'number');
  const items = [...itemsOpeningContent({ id: row.id, listIds }), ...(input.purchase ? [input.purchase] : [])];
  const purchase = items.find((item) => input.access.includes(item)) ?? null;
  const entitled = soldAlone ? purchase !== null : playbackUsage(kind, input.access, items) === 'View';
  if (input.usage === 'View' && !entitled) throw apiError(ApiErrorNumber.Forbidden);
  return gated({ row, kind, purchase });
}
