import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from './accounts.repository';
import { operatorOf, toSubscription } from './customer-view';

const subscription = (id: number, operatorId: number | null) =>
  toSubscription({
    id,
    billing_type: operatorId === null ? 'CreditCard' : 'Wap2',
    status: 'Paid',
    subscriber: 1,
    expiration_date: '2030-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    operator_id: operatorId,
    offer_id: 1,
    product_id: 1,
    product: 'Service',
    price_cents: 999,
    currency: 'EUR',
    duration_unit: 'Month',
    duration_count: 1,
    free_trial_days: 0,
  } as SubscriptionRow);

describe('spec 1 §3 Customer operator (decision 058)', () => {
  it('spec 1 §3: the operator of the latest subscription billed through one, none without one', () => {
    expect(operatorOf([subscription(1, 2), subscription(2, 1), subscription(3, null)])).toEqual({
      operatorID: 1,
      name: 'Orange',
    });
    expect(operatorOf([subscription(1, null)])).toBeNull();
    expect(operatorOf([])).toBeNull();
  });
});
