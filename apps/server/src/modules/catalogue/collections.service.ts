import type { ContentCollection } from '@playz/api-contract';
import type { BrowseRepository } from './browse.repository';
import type { CatalogueRepository } from './catalogue.repository';
import type { CatalogueService } from './catalogue.service';
import { toContent, type ViewContext } from './catalogue.views';

/**
 * Content collections with typed items (spec 2 §3). Items are read in one query per item type
 * rather than one per item: a home row used to cost a query per tile.
 */
export function createCollectionsService(deps: {
  repo: CatalogueRepository;
  browse: BrowseRepository;
  catalogue: CatalogueService;
  view: ViewContext;
}) {
  const { repo, browse, view } = deps;
  const idsOf = (items: { item_type: string; item_id: number }[], type: string) => [
    ...new Set(items.filter((i) => i.item_type === type).map((i) => i.item_id)),
  ];

  async function getCollection(id: number): Promise<ContentCollection | null> {
    const [head] = await browse.listCollectionsByIds([id]);
    // A collection an editor hid is not found, nor its home rows shown (decision 105).
    if (!head || head.hidden_at) return null;
    const items = await browse.listItemsOfCollections([id]);
    const [contents, lists, categories, nested] = await Promise.all([
      repo.listContentsByIds(idsOf(items, 'Content')),
      browse.listListsByIds(idsOf(items, 'ContentList')),
      browse.listCategoriesByIds(idsOf(items, 'Category')),
      browse.listCollectionsByIds(idsOf(items, 'ContentCollection')),
    ]);
    const contentById = new Map(contents.map((r) => [r.id, r]));
    const listById = new Map((await deps.catalogue.listSummaries(lists)).map((l) => [l.ID, l]));
    const categoryById = new Map(categories.map((c) => [c.id, c]));
    const nestedById = new Map(nested.map((c) => [c.id, c]));
    const out: ContentCollection['items'] = [];
    for (const item of items) {
      if (item.item_type === 'Content') {
        const row = contentById.get(item.item_id);
        if (row && row.enabled === 1) out.push({ type: 'Content', Content: toContent(row, view) });
      } else if (item.item_type === 'ContentList') {
        const list = listById.get(item.item_id);
        if (list) out.push({ type: 'ContentList', ContentList: list });
      } else if (item.item_type === 'Category') {
        const c = categoryById.get(item.item_id);
        if (c) out.push({ type: 'Category', Category: { ID: c.id, name: c.name } });
      } else if (item.item_type === 'ContentCollection') {
        const c = nestedById.get(item.item_id);
        if (c && !c.hidden_at) out.push({ type: 'ContentCollection', ContentCollection: { ID: c.id, name: c.name } });
      }
    }
    return { ID: head.id, name: head.name, channelID: head.channel_id, items: out };
  }

  return { getCollection };
}
export type CollectionsService = ReturnType<typeof createCollectionsService>;
