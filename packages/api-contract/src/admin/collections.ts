import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { DeskTextsSchema } from './series';

// Collections edited from the console (decision 105). The viewers read them through spec 2's
// GET /content-collection/{id} (and the home rows that show one), which follow each change at once.

/** What a collection may hold (spec 2 §3 Content collection). */
export const COLLECTION_ITEM_TYPES = ['Content', 'ContentList', 'ContentCollection', 'Category'] as const;
const ItemRef = z.object({ type: z.enum(COLLECTION_ITEM_TYPES), id: z.number().int().positive() });

/**
 * Why a change of a collection is refused (error 3, message `collection.<reason>`): `repeated` an
 * item named twice; `itself` a collection inside itself; `in-use` a home row or the apps' fixed
 * pages show it (hide it instead, or take the row away first).
 */
export const COLLECTION_REFUSALS = ['repeated', 'itself', 'in-use'] as const;
export type CollectionRefusal = (typeof COLLECTION_REFUSALS)[number];

const AdminCollectionItemSchema = ItemRef.extend({
  title: z.string(),
  posterUrl: z.string().nullable(),
  /** Whether viewers see this item now (a content unpublished, a series hidden are left out). */
  live: z.boolean(),
});

const AdminCollectionSchema = z.object({
  id: z.number().int(),
  texts: DeskTextsSchema,
  /** When an editor hid it from the viewers; null when shown. */
  hiddenAt: z.string().nullable(),
  items: z.array(AdminCollectionItemSchema),
});
export type AdminCollection = z.infer<typeof AdminCollectionSchema>;

const AdminCollectionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  hiddenAt: z.string().nullable(),
  items: z.number().int(),
});
export type AdminCollectionSummary = z.infer<typeof AdminCollectionSummarySchema>;

const Id = z.object({ id: z.coerce.number().int().positive() });
const Body = z.object({
  texts: DeskTextsSchema.refine((t) => t.fr.title.length > 0),
  /** The items in the order viewers see them. */
  items: z.array(ItemRef).max(500),
});
const Answer = z.object({ collection: AdminCollectionSchema });

export const listAdminCollections = defineAdminEndpoint({
  method: 'GET',
  path: '/collections',
  access: 'staff',
  roles: ['editor'],
  summary: 'Every collection, newest first, hidden ones included; `after` is the last id of the previous page',
  query: z.object({
    after: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.object({ collections: z.array(AdminCollectionSummarySchema), next: z.number().int().nullable() }),
});

export const getAdminCollection = defineAdminEndpoint({
  method: 'GET',
  path: '/collections/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'One collection with its texts and its items in order',
  params: Id,
  response: Answer,
});

export const createAdminCollection = defineAdminEndpoint({
  method: 'POST',
  path: '/collections',
  access: 'staff',
  roles: ['editor'],
  summary: 'Creates a collection with its title in four languages and its items in order (audited)',
  body: Body,
  response: Answer,
});

export const updateAdminCollection = defineAdminEndpoint({
  method: 'POST',
  path: '/collections/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'Changes a collection’s texts, items and their order (audited)',
  params: Id,
  body: Body,
  response: Answer,
});

export const hideAdminCollection = defineAdminEndpoint({
  method: 'POST',
  path: '/collections/:id/hide',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes a collection away from the viewers (its call answers 24, its home rows leave); kept (audited)',
  params: Id,
  response: Answer,
});

export const showAdminCollection = defineAdminEndpoint({
  method: 'POST',
  path: '/collections/:id/show',
  access: 'staff',
  roles: ['editor'],
  summary: 'Gives a hidden collection back to the viewers (audited)',
  params: Id,
  response: Answer,
});

export const deleteAdminCollection = defineAdminEndpoint({
  method: 'POST',
  path: '/collections/:id/delete',
  access: 'staff',
  roles: ['editor'],
  summary: 'Deletes a collection no home row shows, and takes it out of the collections holding it (audited)',
  params: Id,
  response: z.object({ deleted: z.number().int() }),
});
