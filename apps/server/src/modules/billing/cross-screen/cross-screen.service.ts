import { createHash, randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH } from '@playz/api-contract';
import { ApiErrorNumber, apiError, isValidFrenchMobile, normalizeFrenchPhone } from '@playz/domain';
import type { PurchaseContentRequest } from '@playz/api-contract';
import type { MessageSender, PaidMessages } from '../../../adapters/paid-messages';
import type { CustomerAuth, VisitorAuth } from '../../../lib/access';
import type { RateLimiter } from '../../../lib/rate-limiter';
import { PURCHASE_ERRORS, parsePurchaseContent } from '../purchase-content';
import type { CrossScreenRepository } from './cross-screen.repository';

/** A payment link lasts long enough to find a card and pay, not longer. */
export const BILLING_LINK_TTL_MS = 30 * 60 * 1000;
const SENDS_PER_LINK = { max: 3, windowMs: BILLING_LINK_TTL_MS };

const hashCode = (code: string) => createHash('sha256').update(`billing-link:${code}`).digest('hex');
const newCode = () =>
  Array.from({ length: LINK_CODE_LENGTH }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');
const normalize = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** `c***e@exemple.fr`: enough for the owner to recognise, not enough to learn someone's address. */
export function maskLogin(login: string | null): string {
  if (!login) return '';
  const [name = '', domain] = login.split('@');
  const shown = name.length <= 2 ? `${name[0] ?? ''}***` : `${name[0]}***${name.at(-1)}`;
  return domain ? `${shown}@${domain}` : shown;
}

type LinkStatus = 'Pending' | 'Paid' | 'Expired';
type LinkRow = { customer_id: number | null; created_at: string; expires_at: string; purchase_content: string | null };

/** The item a purchase link buys (stored by create, so it parses), or null for a subscription link. */
const itemOf = (link: Pick<LinkRow, 'purchase_content'>): PurchaseContentRequest | null =>
  link.purchase_content === null ? null : parsePurchaseContent(link.purchase_content);

/**
 * Cross screen (spec 3 §1, §7; decision 025): the TV makes a link for its account, a phone signed
 * in to that account pays by any web method, and the TV's status turns Paid. The code is shown on
 * the TV and typed on the phone; the URL in the QR code carries a longer token instead. A link
 * may buy one item instead (decision 040): a film rented from the TV's locked player.
 */
export function createCrossScreen(deps: {
  repo: CrossScreenRepository;
  limiter: RateLimiter;
  /** The budgeted SMS sender (decision 050). */
  messages: PaidMessages;
  /** The label of a purchasable item, or null when it does not exist (20, 21, 100). */
  purchasableLabel: (content: PurchaseContentRequest) => Promise<string | null>;
  /** The offer an item names as its own (a content sold alone, a live event's pass), or null. */
  itemOffer: (content: PurchaseContentRequest) => Promise<number | null>;
  publicUrl: string;
  now: () => Date;
}) {
  async function statusOf(link: LinkRow): Promise<LinkStatus> {
    const item = itemOf(link);
    if (link.customer_id !== null) {
      const paid = item
        ? await deps.repo.boughtSince(link.customer_id, item, link.created_at)
        : await deps.repo.subscribedSince(link.customer_id, link.created_at);
      if (paid) return 'Paid';
    }
    return Date.parse(link.expires_at) <= deps.now().getTime() ? 'Expired' : 'Pending';
  }

  /** The item of a new purchase link, checked: it parses (3) and exists (20, 21, 100). */
  async function purchasable(raw: string | undefined): Promise<PurchaseContentRequest | null> {
    const item = parsePurchaseContent(raw);
    if (item && (await deps.purchasableLabel(item)) === null) throw apiError(PURCHASE_ERRORS[item.contentType]);
    return item;
  }

  async function ownLink(auth: CustomerAuth, code: string) {
    const link = await deps.repo.findByCodeHash(hashCode(normalize(code)));
    if (!link || link.customer_id !== auth.customerId) throw apiError(ApiErrorNumber.BillingNotFound);
    return link;
  }

  const urlOf = (token: string) => `${deps.publicUrl}/billing/link/${token}`;

  return {
    /** A new link for the account: a subscription, or the purchase of `purchaseContent`. */
    async create(auth: CustomerAuth, purchaseContent?: string) {
      const item = await purchasable(purchaseContent);
      const at = deps.now();
      const code = newCode();
      const token = randomBytes(16).toString('hex');
      const expiresAt = new Date(at.getTime() + BILLING_LINK_TTL_MS).toISOString();
      await deps.repo.insert({
        ...{ code: hashCode(code), token, customer_id: auth.customerId, billing_id: null },
        ...{ created_at: at.toISOString(), expires_at: expiresAt },
        purchase_content: item ? JSON.stringify(item) : null,
      });
      const url = urlOf(token);
      const qrImage = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return { url, code, qrImage, expiresAt };
    },

    async status(auth: CustomerAuth, code: string): Promise<LinkStatus> {
      return statusOf(await ownLink(auth, code));
    },

    /**
     * Texts the link: at most 3 times per link (no SMS bombing through a TV), and within the SMS
     * budgets of the number, the account and the caller's address (decision 050), since links are free.
     */
    async send(auth: CustomerAuth, code: string, msisdn: string, ip: string): Promise<boolean> {
      const link = await ownLink(auth, code);
      const to = normalizeFrenchPhone(msisdn);
      if (!isValidFrenchMobile(to)) throw apiError(ApiErrorNumber.BadParameter, "Le numéro n'est pas valide");
      if ((await statusOf(link)) !== 'Pending') throw apiError(ApiErrorNumber.Forbidden);
      const verdict = await deps.limiter.hit(`billing-link-sms:${link.token}`, SENDS_PER_LINK);
      if (!verdict.allowed) throw apiError(ApiErrorNumber.Forbidden);
      const sender: MessageSender = { customerId: auth.customerId, ip };
      const permit = await deps.messages.permit('sms', to, sender);
      const what = itemOf(link) ? 'votre location' : "l'abonnement de votre TV";
      await deps.messages.sendSms(permit, {
        operatorId: 0,
        text: `Playz : pour payer ${what}, ouvrez ${urlOf(link.token)}`,
      });
      return true;
    },

    /** What the phone shows: whose account it pays for, and whether it is signed in to it. */
    async check({ customer }: VisitorAuth, key: { token?: string; code?: string }) {
      const link = key.token
        ? await deps.repo.findByToken(key.token)
        : key.code
          ? await deps.repo.findByCodeHash(hashCode(normalize(key.code)))
          : undefined;
      if (!link || link.customer_id === null) throw apiError(ApiErrorNumber.BillingNotFound);
      const owner = await deps.repo.customerLogin(link.customer_id);
      const item = itemOf(link);
      const label = item ? await deps.purchasableLabel(item) : null;
      // Decisions 073 and 107: an item that names its own offer is sold at that offer only, so
      // the phone must be told which one; the product's first offer would be refused at checkout.
      const productPriceID = item && label !== null ? await deps.itemOffer(item) : null;
      return {
        maskedLogin: maskLogin(owner?.login ?? null),
        isSameAccount: customer?.customerId === link.customer_id,
        status: await statusOf(link),
        // The token page links back to itself by token; the typed code is not shown again.
        code: key.token ? link.token : normalize(key.code ?? ''),
        // What the phone buys: the item, its name and its own offer (null: the subscription offers).
        purchase: item && label !== null ? { ...item, label, productPriceID } : null,
      };
    },
  };
}
export type CrossScreen = ReturnType<typeof createCrossScreen>;
