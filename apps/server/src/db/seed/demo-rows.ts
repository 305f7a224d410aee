/** Home rows using every row type and style of spec 2 §2 (ContentsDownload is ignored by clients). */
export const DEMO_PAGE_ROWS = [
  { page: 'home', row_type: 'ContentsProcessing', type_id: null, style: 'Landscape', title: 'Reprendre la lecture' },
  { page: 'home', row_type: 'Channels', type_id: null, style: 'Rounded', title: 'Les chaînes en direct' },
  { page: 'home', row_type: 'ContentCollection', type_id: 1, style: 'Landscape', title: 'À la une' },
  { page: 'home', row_type: 'ReplayMovies', type_id: null, style: 'Portrait', title: 'Films' },
  { page: 'home', row_type: 'Series', type_id: null, style: 'Portrait', title: 'Séries' },
  { page: 'home', row_type: 'Category', type_id: 1, style: 'Default', title: 'Comédie' },
  { page: 'home', row_type: 'ContentList', type_id: 2101, style: 'Landscape', title: 'Brigade du Port, saison 1' },
  {
    page: 'home',
    row_type: 'ReplayLastHours',
    type_id: null,
    style: 'Landscape',
    title: 'Les dernières heures en replay',
  },
  { page: 'home', row_type: 'ReplaySeries', type_id: null, style: 'Default', title: 'Séries en replay' },
  { page: 'home', row_type: 'Favorites', type_id: null, style: 'Portrait', title: 'Mes favoris' },
  { page: 'home', row_type: 'ContentsDownload', type_id: null, style: 'Default', title: 'Téléchargements' },
  { page: 'comedy', row_type: 'Category', type_id: 1, style: 'Landscape', title: 'Comédie' },
  { page: 'comedy', row_type: 'ContentCollection', type_id: 2, style: 'Default', title: 'Sketches' },
].map((row, i) => ({ id: i + 1, position: i + 1, ...row }));

/** Collections: 1 "À la une" mixes every item type; 2 holds the comedy sketches. */
export const DEMO_COLLECTION_ITEMS = [
  { collection_id: 1, item_type: 'Content', item_id: 1003 },
  { collection_id: 1, item_type: 'ContentList', item_id: 2002 },
  { collection_id: 1, item_type: 'Content', item_id: 1001 },
  { collection_id: 1, item_type: 'ContentList', item_id: 2001 },
  { collection_id: 1, item_type: 'Content', item_id: 1006 },
  { collection_id: 1, item_type: 'Category', item_id: 2 },
  { collection_id: 1, item_type: 'ContentCollection', item_id: 2 },
  { collection_id: 2, item_type: 'Content', item_id: 3001 },
  { collection_id: 2, item_type: 'Content', item_id: 3002 },
  { collection_id: 2, item_type: 'Content', item_id: 3003 },
  { collection_id: 2, item_type: 'Content', item_id: 3004 },
].map((item, i) => ({ ...item, position: i + 1 }));

export const DEMO_COLLECTIONS = [
  { id: 1, name: 'À la une', channel_id: null },
  { id: 2, name: 'Sketches', channel_id: 12 },
];
