// What a customer may watch, as the offers' and the purchases' rules name it: the types both
// product-access.ts and purchase-access.ts speak of.

/** spec 2 §6: service (everything), replay (live and replay), video (series on demand). */
export type ProductAccess = 'service' | 'replay' | 'video';

/** What a purchase opens (spec 3 §3 PurchaseContent contentType and contentTypeID). */
export type PurchasedItem = `${'Content' | 'ContentList' | 'LiveEvent'}:${number}`;

/** Everything a customer may watch: offers' access types, and the items bought one by one. */
export type Access = ProductAccess | PurchasedItem;
