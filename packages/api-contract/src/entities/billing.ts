import { z } from 'zod';

/** spec 3 §3 PurchaseContent as a client asks for it (purchase_content JSON parameter). */
export const purchaseContentRequestSchema = z.object({
  contentType: z.enum(['ContentList', 'Content', 'LiveEvent']),
  contentTypeID: z.number().int().positive().max(2_147_483_647),
});
export type PurchaseContentRequest = z.infer<typeof purchaseContentRequestSchema>;

/** spec 3 §3 PurchaseContent of a purchase made. */
export const purchaseContentSchema = purchaseContentRequestSchema.extend({
  ticketNumber: z.string(),
  label: z.string(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type PurchaseContent = z.infer<typeof purchaseContentSchema>;

/** spec 3 §3 Carriers data: operators and the other billings (CB, PAYPAL). */
export const carriersSchema = z.object({
  operators: z.array(
    z.object({ id: z.number().int(), parentID: z.number().int().nullable(), name: z.string(), previewUrl: z.string() }),
  ),
  billings: z.array(z.object({ name: z.string(), param: z.enum(['CB', 'PAYPAL']) })),
});
export type Carriers = z.infer<typeof carriersSchema>;

/**
 * Where a payment stands after the viewer came back (decision 025). The client routes on it:
 * Succeeded subscription → welcome, Succeeded purchase → the content's purchased page,
 * Pending → keep waiting, Failed or Abandoned → the billing error page.
 */
export const billingOutcomeSchema = z.object({
  billingID: z.string(),
  billingType: z.string(),
  type: z.enum(['Subscription', 'Purchase', 'CardUpdate', 'CardSave']),
  state: z.enum(['Pending', 'Succeeded', 'Failed', 'Abandoned']),
  productID: z.number().int(),
  requestedUrl: z.string().nullable(),
  purchaseContent: purchaseContentRequestSchema.nullable(),
  /** The login the customer is now signed in with (spec 3 §4 step 3), when the payment made one. */
  productLogin: z.string().nullable(),
});
export type BillingOutcome = z.infer<typeof billingOutcomeSchema>;

/** spec 3 §3 Marketing tracker. */
export const marketingTrackerSchema = z.object({ Name: z.string(), Data: z.record(z.string(), z.string()) });
export type MarketingTracker = z.infer<typeof marketingTrackerSchema>;

/** spec 3 §7 credit card url: the form the browser posts to the card processor (3-D Secure). */
export const redirectDataSchema = z.object({
  RedirectUrl: z.string(),
  RedirectParams: z.record(z.string(), z.string()),
});
export type RedirectData = z.infer<typeof redirectDataSchema>;

/** spec 3 §3 Link codes (billing): what a TV shows so another screen pays for it. */
export const billingLinkSchema = z.object({
  url: z.string(),
  code: z.string(),
  /** The QR code of `url`, a PNG data URL. */
  qrImage: z.string(),
  expiresAt: z.string(),
});
