import type { Kysely, Selectable } from 'kysely';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database, OfferTable } from '../../db/schema';
import { retryOnUniqueViolation } from '../../db/unique-violation';

export type ConsoleOfferRow = Selectable<OfferTable>;

/** The terms a replacing offer sells at (decision 099); everything else is the replaced offer's. */
export interface NewOfferTerms {
  name?: string | undefined;
  priceCents: number;
  durationUnit: 'Month' | 'Week';
  durationCount: number;
  freeTrialDays: number;
  promo: {
    priceCents: number;
    startDate: string | null;
    endDate: string | null;
    durationDays: number | null;
    text: string | null;
  } | null;
  sku: string | null;
}

/** Writes the change's audit entry inside the change's own transaction (the staff module's log). */
type RecordChange = (trx: Kysely<Database>, change: { before: unknown; after: unknown }) => Promise<void>;

/**
 * Offers changed from the console (decision 099), kept in the service module that lists them.
 * Renewals price each term from the offer row a subscription points to (decision 090), so an
 * offer a subscription may point to is never edited: new terms are a new row (a new
 * productPriceID of the same product, in the replaced one's place), and the replaced row is
 * hidden, which the subscriptions already on it keep renewing on. Each change is written with its
 * audit entry in one transaction; `changed` is told afterwards (the app data read from memory).
 */
export function createOfferConsole(deps: { db: Kysely<Database>; now: () => Date; changed: () => void }) {
  const { db } = deps;
  const find = (within: Kysely<Database>, id: number) =>
    within.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();

  async function replaceOnce(id: number, terms: NewOfferTerms, record: RecordChange) {
    return db.transaction().execute(async (trx) => {
      const old = await find(trx, id);
      if (!old) throw apiError(ApiErrorNumber.ProductNotFound);
      if (old.replaced_by !== null) throw apiError(ApiErrorNumber.BadParameter, 'offer already replaced');
      // New terms are a subscription's (a term, a free trial, a promotion): a rental's or an event
      // pass's price is the item's own (decision 040), not a row to supersede.
      if (old.type !== 'Subscription')
        throw apiError(ApiErrorNumber.BadParameter, 'only a subscription offer takes new terms');
      if (terms.sku !== null) {
        const holder = await trx
          .selectFrom('offers')
          .select('id')
          .where('sku', '=', terms.sku)
          .where('id', '!=', id)
          .executeTakeFirst();
        // A store SKU names one product price: another offer's would make a store receipt ambiguous.
        // The replaced offer's own SKU may stay (the store changed the price of its product), and a
        // receipt for it then finds the offer on sale first (store-receipts.service.ts).
        if (holder) throw apiError(ApiErrorNumber.BadParameter, `store SKU ${terms.sku} is already sold`);
      }
      const top = await trx
        .selectFrom('offers')
        .select((eb) => eb.fn.max('id').as('top'))
        .executeTakeFirst();
      const newId = Number(top?.top ?? 0) + 1;
      const at = deps.now().toISOString();
      await trx
        .insertInto('offers')
        .values({
          id: newId,
          product_id: old.product_id,
          product: old.product,
          type: old.type,
          billing_type: old.billing_type,
          name: terms.name?.trim() || old.name,
          description: old.description,
          price_cents: terms.priceCents,
          currency: old.currency,
          duration_unit: terms.durationUnit,
          duration_count: terms.durationCount,
          free_trial_days: terms.freeTrialDays,
          // In the replaced offer's place in every list.
          position: old.position,
          promo_price_cents: terms.promo?.priceCents ?? null,
          promo_start_date: terms.promo?.startDate ?? null,
          promo_end_date: terms.promo?.endDate ?? null,
          promo_duration_days: terms.promo?.durationDays ?? null,
          promo_text: terms.promo?.text ?? null,
          sku: terms.sku,
          purchase_hours: old.purchase_hours,
          hidden_at: null,
          replaced_by: null,
        })
        .execute();
      // Conditional: of two replacements of this offer racing, one matches, the other is refused.
      const hidden = await trx
        .updateTable('offers')
        .set({ hidden_at: old.hidden_at ?? at, replaced_by: newId })
        .where('id', '=', id)
        .where('replaced_by', 'is', null)
        .executeTakeFirst();
      if (Number(hidden.numUpdatedRows) !== 1) throw apiError(ApiErrorNumber.BadParameter, 'offer already replaced');
      const replaced = (await find(trx, id))!;
      const offer = (await find(trx, newId))!;
      await record(trx, { before: old, after: { replaced, offer } });
      return { offer, replaced };
    });
  }

  async function setHidden(id: number, hide: boolean, record: RecordChange) {
    const done = await db.transaction().execute(async (trx) => {
      const before = await find(trx, id);
      if (!before) throw apiError(ApiErrorNumber.ProductNotFound);
      // A replaced offer stays off sale: showing it would sell two prices of one product side by side.
      if (!hide && before.replaced_by !== null)
        throw apiError(ApiErrorNumber.BadParameter, 'a replaced offer cannot be put back on sale');
      if ((before.hidden_at !== null) === hide) return { offer: before, repeated: true };
      await trx
        .updateTable('offers')
        .set({ hidden_at: hide ? deps.now().toISOString() : null })
        .where('id', '=', id)
        .execute();
      const offer = (await find(trx, id))!;
      await record(trx, { before, after: offer });
      return { offer, repeated: false };
    });
    if (!done.repeated) deps.changed();
    return done;
  }

  return {
    /** Every offer, on sale or not, in the order the apps show them (then the newest first). */
    list: (): Promise<ConsoleOfferRow[]> =>
      db.selectFrom('offers').selectAll().orderBy('position').orderBy('id', 'desc').execute(),

    /** A new offer with these terms in this one's place, for new subscribers only; this one is hidden. */
    async replace(id: number, terms: NewOfferTerms, record: RecordChange) {
      // Two replacements of different offers at once may pick the same new id: the loser tries again.
      const done = await retryOnUniqueViolation(() => replaceOnce(id, terms, record));
      deps.changed();
      return done;
    },

    hide: (id: number, record: RecordChange) => setHidden(id, true, record),
    show: (id: number, record: RecordChange) => setHidden(id, false, record),
  };
}

export type OfferConsole = ReturnType<typeof createOfferConsole>;
