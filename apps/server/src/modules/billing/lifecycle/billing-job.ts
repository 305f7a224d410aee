import type { Kysely } from 'kysely';
import { termPriceCents } from '@playz/domain';
import type { Database } from '../../../db/schema';
import type { EventApplier } from '../checkout/apply-provider-event';
import { offerTerms } from '../checkout/offer-terms';
import type { Checkout } from '../checkout/checkout.service';
import { writeLedger } from '../ledger/ledger';
import type { ProviderRegistry } from '../providers/registry';

const MINUTE_MS = 60_000;
/** A renewal is charged this long before the term ends, so access never gaps (decision 025). */
export const RENEW_AHEAD_MS = 60 * MINUTE_MS;
/** A Pending billing is asked about after a minute, and given up (Abandoned) after a day. */
const RECONCILE_AFTER_MS = MINUTE_MS;
const ABANDON_AFTER_MS = 24 * 60 * MINUTE_MS;
const BATCH = 200;

export interface BillingJobReport {
  ran: boolean;
  renewed: number;
  refused: number;
  errors: number;
  expired: number;
  reconciled: number;
  abandoned: number;
}

/**
 * The money lifecycle (decision 025), run every minute on every node; the minute is claimed by
 * inserting its row in `billing_job_runs`, so with several nodes on one database it runs once.
 * Renewal charges carry an idempotency key per subscription, term and attempt: a charge asked
 * twice (a node that died after asking) is charged once by the provider, and its answer is
 * applied once by the event applier.
 */
export function createBillingJob(deps: {
  db: Kysely<Database>;
  registry: ProviderRegistry;
  events: EventApplier;
  checkout: Checkout;
  now: () => Date;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Told after an expiry committed: the customer's rights changed (decision 054). */
  rightsChanged?: (customerId: number) => Promise<void>;
}) {
  async function claim(at: Date): Promise<boolean> {
    const slot = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
    const inserted = await deps.db
      .insertInto('billing_job_runs')
      .values({ job: 'billing', slot, started_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Subscriptions whose renewal is due: a term ending within the hour, or a retry whose time came. */
  function dueRenewals(at: Date) {
    const iso = at.toISOString();
    // A card subscription renews on its customer's saved card when there is one (decision 083).
    return deps.db
      .selectFrom('subscriptions as s')
      .innerJoin('offers as o', 'o.id', 's.offer_id')
      .leftJoin('saved_cards as c', (join) =>
        join.onRef('c.customer_id', '=', 's.customer_id').onRef('c.billing_type', '=', 's.billing_type'),
      )
      .selectAll('s')
      .select(['o.id as offer_row_id', 'c.token as saved_token'])
      .where('s.provider_ref', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('s.status', 'in', ['Paid', 'Renewed']),
            eb('s.expiration_date', '<=', new Date(at.getTime() + RENEW_AHEAD_MS).toISOString()),
          ]),
          eb.and([eb('s.status', '=', 'ToRenew'), eb('s.next_attempt_at', '<=', iso)]),
        ]),
      )
      .orderBy('s.expiration_date')
      .limit(BATCH)
      .execute();
  }

  async function renew(at: Date, report: BillingJobReport) {
    for (const sub of await dueRenewals(at)) {
      const provider = deps.registry.get(sub.billing_type);
      if (!provider) continue;
      const offer = await deps.db
        .selectFrom('offers')
        .selectAll()
        .where('id', '=', sub.offer_id)
        .executeTakeFirstOrThrow();
      const amountCents = termPriceCents(offerTerms(offer), new Date(sub.created_at), new Date(sub.expiration_date));
      const attempt = (sub.failed_attempts ?? 0) + 1;
      try {
        const event = await provider.charge({
          idempotencyKey: `renewal:${sub.id}:${sub.expiration_date}:${attempt}`,
          subscriptionRef: sub.provider_ref!,
          paymentToken: sub.saved_token ?? undefined,
          amountCents,
          currency: sub.currency ?? offer.currency,
          billingId: sub.billing_id,
          termEndsAt: sub.expiration_date,
        });
        const applied = await deps.events.apply(event);
        if (event.kind === 'renewed') report.renewed += 1;
        else report.refused += 1;
        deps.log.info({ subscription: sub.id, event: event.kind, outcome: applied.outcome }, 'billing renewal');
      } catch (error) {
        // Nothing changed: the next minute asks again with the same key.
        report.errors += 1;
        deps.log.error({ err: error, subscription: sub.id, billingType: sub.billing_type }, 'billing renewal failed');
      }
    }
  }

  /** Terms that ended without renewal get their `Expired` line, once (the event key is the gate). */
  async function expire(at: Date, report: BillingJobReport) {
    const ended = await deps.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', 'in', ['Cancelled', 'Refunded', 'ToRenew', 'Paid', 'Renewed'])
      .where('expiration_date', '<=', at.toISOString())
      .where('expiration_date', '>', new Date(at.getTime() - 30 * 24 * 60 * MINUTE_MS).toISOString())
      .limit(BATCH)
      .execute();
    const expiredCustomers = new Set<number>();
    for (const sub of ended) {
      // A renewing subscription whose renewal is still running is not over yet.
      if (
        (sub.status === 'Paid' || sub.status === 'Renewed') &&
        sub.provider_ref &&
        deps.registry.get(sub.billing_type)
      )
        continue;
      if (sub.status === 'ToRenew' && sub.next_attempt_at) continue;
      await deps.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('billing_events')
          .values({
            ...{
              billing_type: sub.billing_type,
              event_key: `expired:${sub.id}:${sub.expiration_date}`,
              kind: 'expired',
            },
            ...{ outcome: 'applied', billing_id: sub.billing_id, subscription_id: sub.id, amount_cents: 0 },
            ...{ currency: sub.currency ?? 'EUR', detail: null, received_at: at.toISOString() },
          })
          .onConflict((oc) => oc.columns(['billing_type', 'event_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
        await writeLedger(trx, {
          ...{ customerId: sub.customer_id, subscriptionId: sub.id, billingType: sub.billing_type },
          ...{ entry: 'Expired', amountCents: 0, currency: sub.currency ?? 'EUR', detail: sub.status },
          at: at.toISOString(),
        });
        report.expired += 1;
        expiredCustomers.add(sub.customer_id);
      });
    }
    for (const customerId of expiredCustomers) await deps.rightsChanged?.(customerId);
  }

  /** Pending billings: asked at their provider after a minute, abandoned after a day (decision 025). */
  async function reconcile(at: Date, report: BillingJobReport) {
    const from = new Date(at.getTime() - 7 * ABANDON_AFTER_MS).toISOString();
    const to = new Date(at.getTime() - RECONCILE_AFTER_MS).toISOString();
    const repo = deps.checkout;
    for (const row of await deps.db
      .selectFrom('billings')
      .selectAll()
      .where('state', '=', 'Pending')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('created_at')
      .limit(BATCH)
      .execute()) {
      try {
        const after = await repo.reconcile(row);
        if (after && after.state !== 'Pending') report.reconciled += 1;
        else if (at.getTime() - Date.parse(row.created_at) > ABANDON_AFTER_MS) {
          await deps.db
            .updateTable('billings')
            .set({ state: 'Abandoned', failure: 'never completed', updated_at: at.toISOString() })
            .where('id', '=', row.id)
            .where('state', '=', 'Pending')
            .execute();
          report.abandoned += 1;
        }
      } catch (error) {
        report.errors += 1;
        deps.log.error({ err: error, billing: row.id }, 'billing reconciliation failed');
      }
    }
  }

  return {
    /** One run; `force` skips the per-minute claim (the operator's CLI, tests driving a clock). */
    async runOnce(options: { force?: boolean } = {}): Promise<BillingJobReport> {
      const at = deps.now();
      const report: BillingJobReport = {
        ran: false,
        renewed: 0,
        refused: 0,
        errors: 0,
        expired: 0,
        reconciled: 0,
        abandoned: 0,
      };
      if (!options.force && !(await claim(at))) return report;
      report.ran = true;
      await reconcile(at, report);
      await renew(at, report);
      await expire(at, report);
      return report;
    },
  };
}
export type BillingJob = ReturnType<typeof createBillingJob>;
