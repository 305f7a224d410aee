import { z } from 'zod';
import { ROW_STYLES, ROW_TYPES } from '@playz/domain';
import { pageRowSchema } from '../entities/catalogue';
import { defineAdminEndpoint } from './admin-endpoint';

/**
 * The row types an editor may add: those the web and TV apps draw (spec 2 §2 Home rows).
 * ContentsDownload rows are ignored by the apps, so none is made from the console.
 */
export const HOME_ROW_TYPES = ROW_TYPES.filter((type) => type !== 'ContentsDownload');
/** The types that show one thing of the catalogue, named by the row's `typeID`. */
export const HOME_ROW_TYPES_WITH_TARGET = ['ContentCollection', 'Category', 'ContentList'] as const;
/** The viewer's own rows: each viewer's favourites and what they were watching. */
export const HOME_OWN_ROW_TYPES = ['Favorites', 'ContentsProcessing'] as const;
/** The kinds of viewer the preview answers as (decision 106). */
export const HOME_PREVIEW_VIEWERS = ['visitor', 'customer', 'subscriber', 'kids'] as const;
export type HomePreviewViewer = (typeof HOME_PREVIEW_VIEWERS)[number];
export const HOME_ROW_LOCALES = ['fr', 'en', 'nl', 'es'] as const;

const titles = z.object({
  fr: z.string().trim().min(1).max(120),
  en: z.string().trim().max(120),
  nl: z.string().trim().max(120),
  es: z.string().trim().max(120),
});

/** A home row as the console lists it (decision 106), hidden ones included. */
const AdminHomeRowSchema = z.object({
  id: z.number().int(),
  /** Its place on the home page, from 1 (hidden rows keep theirs). */
  position: z.number().int(),
  rowType: z.string(),
  typeID: z.number().int().nullable(),
  /** The name of what `typeID` names (a collection, a category, a list); null when none or gone. */
  targetName: z.string().nullable(),
  style: z.enum(ROW_STYLES),
  titles,
  /** When an editor hid it from the viewers' home; null when shown. */
  hiddenAt: z.string().nullable(),
});
export type AdminHomeRow = z.infer<typeof AdminHomeRowSchema>;
export type AdminHomeRowTitles = z.infer<typeof titles>;

const choice = z.object({ id: z.number().int(), name: z.string() });

export const listHomeRows = defineAdminEndpoint({
  method: 'GET',
  path: '/home-rows',
  access: 'staff',
  roles: ['editor'],
  summary:
    'The home page’s rows in their order, hidden ones included, with the collections and categories a row may show',
  response: z.object({
    rows: z.array(AdminHomeRowSchema),
    collections: z.array(choice),
    categories: z.array(choice),
  }),
});

export const searchHomeRowLists = defineAdminEndpoint({
  method: 'GET',
  path: '/home-rows/lists',
  access: 'staff',
  roles: ['editor'],
  summary: 'The lists (series, seasons, playlists) a list row may show, found by a part of their name (20 at most)',
  query: z.object({ q: z.string().trim().min(2).max(100) }),
  response: z.object({ lists: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string() })) }),
});

const rowInput = z.object({
  style: z.enum(ROW_STYLES),
  titles,
});

export const createHomeRow = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows',
  access: 'staff',
  roles: ['editor'],
  summary: 'Adds a row at the end of the home page; a collection, category or list row names its target',
  body: rowInput.extend({
    rowType: z.enum(HOME_ROW_TYPES as [string, ...string[]]),
    typeID: z.number().int().positive().nullable(),
  }),
  response: z.object({ row: AdminHomeRowSchema }),
});

const rowId = z.object({ id: z.coerce.number().int().positive() });

export const updateHomeRow = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows/:id',
  access: 'staff',
  roles: ['editor'],
  summary: 'Changes a home row’s titles (fr, en, nl, es) and style',
  params: rowId,
  body: rowInput,
  response: z.object({ row: AdminHomeRowSchema }),
});

export const reorderHomeRows = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows/order',
  access: 'staff',
  roles: ['editor'],
  summary: 'Puts the home rows in a new order; the list must name every row once, hidden ones included',
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(1_000) }),
  response: z.object({ rows: z.array(AdminHomeRowSchema) }),
});

export const hideHomeRow = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows/:id/hide',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes a row off the viewers’ home; its place and settings stay',
  params: rowId,
  response: z.object({ row: AdminHomeRowSchema, repeated: z.boolean() }),
});

export const showHomeRow = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows/:id/show',
  access: 'staff',
  roles: ['editor'],
  summary: 'Puts a hidden row back on the viewers’ home, in its place',
  params: rowId,
  response: z.object({ row: AdminHomeRowSchema, repeated: z.boolean() }),
});

export const deleteHomeRow = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows/:id/delete',
  access: 'staff',
  roles: ['editor'],
  summary: 'Deletes a home row',
  params: rowId,
  response: z.object({ deleted: z.number().int() }),
});

export const previewHomeRows = defineAdminEndpoint({
  method: 'POST',
  path: '/home-rows/preview',
  access: 'staff',
  roles: ['editor'],
  summary:
    'The home rows one kind of viewer gets in one language, made by the viewers’ own code; `order` previews an unsaved order (row ids, hidden ones shown if named)',
  body: z.object({
    viewer: z.enum(HOME_PREVIEW_VIEWERS),
    locale: z.enum(HOME_ROW_LOCALES),
    order: z.array(z.number().int().positive()).max(1_000).optional(),
  }),
  response: z.object({ Rows: z.array(pageRowSchema) }),
});
