import { z } from 'zod';
import { customerSchema } from '../entities/customer';
import { defineEndpoint } from '../endpoint';

// Store billing of the TV platforms (spec 3 §4 Samsung / Amazon / Google Play / BAchat / Orange /
// Dummy flows, §7 calls; decision 029). The device buys in its store and posts what the store gave
// it; the server verifies it at the store, server to server, before anything changes. Every call
// needs a session (11). Errors common to all: 30 the store does not confirm the receipt, or it is
// already bound to another account; 31 no offer sells the store's SKU; 33 the store is not
// configured on this server; 4 the store is not a billing type of the caller's platform.

/** "Result 1 with Customer" (spec 3 §7): the customer as GET /customer answers it afterwards. */
const savedResponse = z.object({ Result: z.literal(1), Customer: customerSchema });
const storeErrors = [4, 11, 30, 31, 33];
const text = (max: number) => z.string().min(1).max(max);
/**
 * spec 3 §7 purchase_content (JSON `{"contentType","contentTypeID"}`): the receipt is a one-off
 * purchase of that item — a film rental or a live-event pass (decision 093) — instead of a
 * subscription. 3 when it does not parse, 20 / 21 / 100 when the item does not exist, 30 when the
 * store's transaction was already used (another account, another item) or bought something else.
 */
const purchaseContent = z.string().max(200).optional();
const purchaseErrors = [3, 20, 21, 100];

/** spec 3 §7 "POST save … dummy" (random uuid): the testing store of every platform. */
export const saveDummy = defineEndpoint({
  method: 'POST',
  path: '/billing/dummy/save',
  access: 'customer',
  summary: 'Save a dummy store purchase (testing devices)',
  tags: ['billing-stores'],
  body: z.object({ receipt: z.uuid(), sku: text(64).optional() }),
  response: savedResponse,
  errors: storeErrors,
});

/** spec 3 §7 "POST … restore for dummy": answers the customer the receipt is bound to (30 if none). */
export const restoreDummy = defineEndpoint({
  method: 'POST',
  path: '/billing/dummy/restore',
  access: 'customer',
  summary: 'Restore a dummy store purchase',
  tags: ['billing-stores'],
  body: z.object({ receipt: z.uuid(), sku: text(64).optional() }),
  response: savedResponse,
  errors: storeErrors,
});

/**
 * spec 3 §4 Samsung checkout step 7, §7 "POST save … samsung-checkout" (invoice): the invoice id
 * the device validated (or the invoice as JSON with its InvoiceID). The server verifies and applies
 * it at the Samsung DPI server. A DPI status other than 100000 answers 1 with the spec's message.
 */
export const saveSamsungCheckout = defineEndpoint({
  method: 'POST',
  path: '/billing/samsung-checkout/save',
  access: 'customer',
  summary: 'Save a Samsung checkout invoice',
  tags: ['billing-stores'],
  body: z.object({ invoice: text(4096), country: z.string().length(2).optional() }),
  response: savedResponse,
  errors: [1, ...storeErrors],
});

/**
 * spec 3 §4 Samsung checkout steps 2 and 3: whether Samsung checkout bills in the country
 * (`/country/checkavailability`) and, if so, the items the app sells there (`/cont/list`, page
 * size 100, page 1). Both DPI calls are signed with the secret key, which stays on the server
 * (decision 029): the TV asks here before it buys. `country` defaults to the caller's.
 */
export const samsungCheckoutProducts = defineEndpoint({
  method: 'GET',
  path: '/billing/samsung-checkout/products',
  access: 'customer',
  summary: 'Samsung checkout: billing support in the country and its item list',
  tags: ['billing-stores'],
  query: z.object({ country: z.string().length(2).optional() }),
  response: z.object({
    Result: z.literal(1),
    IsBillingSupported: z.boolean(),
    Products: z.array(
      z.object({
        ItemID: z.string(),
        ItemTitle: z.string(),
        ItemType: z.number(),
        Price: z.number(),
        CurrencyID: z.string(),
      }),
    ),
  }),
  errors: [1, 4, 11, 33],
});

/** spec 3 §4 "Restore uses the invoice": re-verified at Samsung, re-attached to the same customer. */
export const restoreSamsungCheckout = defineEndpoint({
  method: 'POST',
  path: '/billing/samsung-checkout/restore',
  access: 'customer',
  summary: 'Restore a Samsung checkout invoice',
  tags: ['billing-stores'],
  body: z.object({ invoice: text(4096), country: z.string().length(2).optional() }),
  response: savedResponse,
  errors: [1, ...storeErrors],
});

/**
 * spec 3 §7 amazon-pay save (purchase, response: status, requestId, purchaseReceipt, userData), as
 * JSON strings the Amazon purchase bridge gives. Only SUCCESSFUL and ALREADY_PURCHASED are saved
 * (spec 3 §4); FAILED and INVALID_SKU answer 30. The receipt is checked at the Receipt
 * Verification Service.
 */
export const saveAmazonPay = defineEndpoint({
  method: 'POST',
  path: '/billing/amazon-pay/save',
  access: 'customer',
  summary: 'Save an Amazon Appstore receipt',
  tags: ['billing-stores'],
  body: z.object({
    purchase: z.string().max(4096).optional(),
    response: text(8192),
    purchase_content: purchaseContent,
  }),
  response: savedResponse,
  errors: [...purchaseErrors, ...storeErrors],
});

/** spec 3 §4 Amazon restore: the first receipt of the purchase updates that is not cancelled. */
export const restoreAmazonPay = defineEndpoint({
  method: 'POST',
  path: '/billing/amazon-pay/restore',
  access: 'customer',
  summary: 'Restore an Amazon Appstore receipt',
  tags: ['billing-stores'],
  body: z.object({ purchase: z.string().max(4096).optional(), response: text(8192) }),
  response: savedResponse,
  errors: storeErrors,
});

/**
 * spec 3 §7 google-play save (json, signature): the purchase JSON of the Play Billing library
 * (packageName, productId, purchaseToken). The token is verified with the Android Publisher API;
 * the signature is not trusted on its own.
 */
export const saveGooglePlay = defineEndpoint({
  method: 'POST',
  path: '/billing/google-play/save',
  access: 'customer',
  summary: 'Save a Google Play purchase',
  tags: ['billing-stores'],
  body: z.object({ json: text(8192), signature: z.string().max(2048).optional(), purchase_content: purchaseContent }),
  response: savedResponse,
  errors: [...purchaseErrors, ...storeErrors],
});

/**
 * spec 3 §7 app-store save (receipt, original_transaction_id): `receipt` is the signed transaction
 * (JWS) StoreKit 2 gives; its certificate chain must lead to Apple's root.
 */
export const saveAppStore = defineEndpoint({
  method: 'POST',
  path: '/billing/app-store/save',
  access: 'customer',
  summary: 'Save an App Store signed transaction',
  tags: ['billing-stores'],
  body: z.object({
    receipt: text(16384),
    original_transaction_id: z.string().max(64).optional(),
    purchase_content: purchaseContent,
  }),
  response: savedResponse,
  errors: [...purchaseErrors, ...storeErrors],
});

const orangeBody = z.object({ param_type: text(64), ise2: text(256), apitoken: text(1024) });

/**
 * spec 3 §7 orange-appshoptv check: whether the Orange account (ise2, apitoken from the box's
 * wassup auth) has the subscription of `param_type` at the Orange app shop; 1 yes, 0 no. A visitor
 * is known by its ise2 (spec 3 §4, decision 089): once Orange confirms it, the box is signed in on
 * the account of that line, if it has one.
 */
export const checkOrangeAppshop = defineEndpoint({
  method: 'POST',
  path: '/billing/orange-appshoptv/check',
  access: 'visitor',
  summary: 'Whether the Orange account holds the app shop subscription',
  tags: ['billing-stores'],
  body: orangeBody,
  response: z.object({ Result: z.union([z.literal(0), z.literal(1)]), Customer: customerSchema }),
  errors: [1, ...storeErrors],
});

/**
 * spec 3 §7 orange-appshoptv save: subscribes at the Orange app shop (the bill goes to the Orange
 * account) and saves it; a visitor is signed in on the account of the ise2 Orange confirmed, made
 * once (decision 089). Orange's OverQuotaFault (payment limit) answers 1 with the message
 * `OverQuotaFault`, which the box shows as I10-PLAYZ; other refusals answer 1 (I09-PLAYZ).
 */
export const saveOrangeAppshop = defineEndpoint({
  method: 'POST',
  path: '/billing/orange-appshoptv/save',
  access: 'visitor',
  summary: 'Subscribe at the Orange app shop and save it',
  tags: ['billing-stores'],
  body: orangeBody,
  response: savedResponse,
  errors: [1, ...storeErrors],
});

/** spec 3 §7 orange-appshoptv unsubscribe: stops the renewal at Orange, then here. */
export const unsubscribeOrangeAppshop = defineEndpoint({
  method: 'POST',
  path: '/billing/orange-appshoptv/unsubscribe',
  access: 'customer',
  summary: 'Unsubscribe at the Orange app shop',
  tags: ['billing-stores'],
  body: orangeBody,
  response: savedResponse,
  errors: [1, 32, ...storeErrors],
});

/**
 * spec 3 §7 bachat save (otp_code): the code the BBox payment page gave, redeemed at BAchat. A
 * visitor is known by the contract's external_contract_id (spec 3 §4, decision 089): signed in on
 * the account of that contract, made once.
 */
export const saveBachat = defineEndpoint({
  method: 'POST',
  path: '/billing/bachat/save',
  access: 'visitor',
  summary: 'Save a BAchat (BBox) purchase by its one-time code',
  tags: ['billing-stores'],
  body: z.object({ otp_code: z.string().regex(/^[0-9A-Za-z]{4,32}$/) }),
  response: savedResponse,
  errors: storeErrors,
});

/**
 * spec 3 §7 GET deeplink (→ ServiceNotAvailable, UrlServiceActivation, UrlServiceCancellation) and
 * §4 BAchat: ServiceNotAvailable is the string "null" when the service can be sold on this box.
 */
export const getBachatDeeplink = defineEndpoint({
  method: 'GET',
  path: '/billing/bachat/deeplink',
  access: 'visitor',
  summary: 'BAchat activation and cancellation links',
  tags: ['billing-stores'],
  query: z.object({
    product_id: z
      .string()
      .regex(/^\d{1,9}$/)
      .optional(),
  }),
  response: z.object({
    ServiceNotAvailable: z.string(),
    UrlServiceActivation: z.string(),
    UrlServiceCancellation: z.string(),
  }),
  errors: [1, 11, 31, 33],
});
