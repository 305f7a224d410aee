import { describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../providers/payment-provider';
import type { EventApplier } from './apply-provider-event';
import { announcingChanges } from './announce-changes';

// Decision 054: billing tells `subscription.changed` after an applied event that changes rights;
// telling is best effort, the payment stays applied whatever happens after its commit.
const event = (kind: ProviderEvent['kind']): ProviderEvent => ({
  billingType: 'Wap2',
  key: `txn:1:${kind}`,
  kind,
  billingId: 'b-1',
  subscriptionRef: null,
  amountCents: 199,
  currency: 'EUR',
});
const applied: EventApplier = { apply: async () => ({ outcome: 'applied', subscriptionId: 5 }) };
/** A database whose one read answers customer 42, or fails like a lost connection. */
const dbAnswering = (customerId: number | Error) =>
  ({
    selectFrom: () => ({
      select: () => ({
        where: () => ({
          executeTakeFirst: async () => {
            if (customerId instanceof Error) throw customerId;
            return { customer_id: customerId };
          },
        }),
      }),
    }),
  }) as never;

describe('announcing changes of rights (spec 3 §4 Access rules)', () => {
  it('tells the customer of a payment, a cancellation and a refund, not of a renewal or a card change', async () => {
    const told: number[] = [];
    const applier = announcingChanges(applied, {
      db: dbAnswering(42),
      onChanged: async (customerId) => void told.push(customerId),
      log: { error: () => undefined },
    });
    for (const kind of ['paid', 'renewed', 'cardUpdated', 'refused', 'cancelled', 'refunded'] as const)
      await applier.apply(event(kind));
    expect(told).toEqual([42, 42, 42]);
  });

  it('answers the applied result when telling fails, and logs why', async () => {
    const logged: string[] = [];
    const applier = announcingChanges(applied, {
      db: dbAnswering(new Error('connection lost')),
      onChanged: async () => undefined,
      log: { error: (_obj, msg) => void logged.push(msg) },
    });
    expect(await applier.apply(event('paid'))).toEqual({ outcome: 'applied', subscriptionId: 5 });
    expect(logged).toEqual(['could not announce a change of rights']);
  });

  it('says nothing of a duplicate: the first delivery already told', async () => {
    const told: number[] = [];
    const applier = announcingChanges(
      { apply: async () => ({ outcome: 'duplicate' }) },
      { db: dbAnswering(42), onChanged: async (id) => void told.push(id), log: { error: () => undefined } },
    );
    await applier.apply(event('paid'));
    expect(told).toEqual([]);
  });
});
