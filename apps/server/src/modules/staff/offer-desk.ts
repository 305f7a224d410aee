import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NewOfferTerms } from '../service';

/** Offer rows as the service module reads them (its front door), in the columns the console shows. */
export interface OfferRowForConsole {
  id: number;
  product_id: number;
  product: string;
  name: string;
  type: string;
  billing_type: string;
  price_cents: number;
  currency: string;
  duration_unit: string;
  duration_count: number;
  free_trial_days: number;
  promo_price_cents: number | null;
  promo_start_date: string | null;
  promo_end_date: string | null;
  promo_duration_days: number | null;
  sku: string | null;
  purchase_hours: number | null;
  hidden_at: string | null;
  replaced_by: number | null;
}

/** Writes the change's audit entry inside the change's own transaction. */
export type RecordOfferChange = (trx: Kysely<Database>, change: { before: unknown; after: unknown }) => Promise<void>;

/** What the console asks of the service module's offers (decision 099), through its front door. */
export interface OfferDesk {
  list(): Promise<OfferRowForConsole[]>;
  replace(
    id: number,
    terms: NewOfferTerms,
    record: RecordOfferChange,
  ): Promise<{ offer: OfferRowForConsole; replaced: OfferRowForConsole }>;
  hide(id: number, record: RecordOfferChange): Promise<{ offer: OfferRowForConsole; repeated: boolean }>;
  show(id: number, record: RecordOfferChange): Promise<{ offer: OfferRowForConsole; repeated: boolean }>;
}
