import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@playz/domain';
import type { PaymentProvider } from '../providers/payment-provider';
import { createProviderRegistry } from '../providers/registry';
import type { Checkout } from './checkout.service';
import { createSavedCards } from './saved-card.service';

const savedRow = {
  customer_id: 7,
  billing_type: 'CreditCard',
  token: 'tok-7',
  billing_id: 'b'.repeat(24),
  brand: 'CB',
  last4: '0014',
  expiry_month: 12,
  expiry_year: 2030,
  saved_at: '2026-11-29T10:00:00.000Z',
};

function savedCardsWith(cancel: PaymentProvider['cancel'], renewing = false) {
  const rows = {
    find: vi.fn(async () => savedRow),
    hasRenewing: vi.fn(async () => renewing),
    remove: vi.fn(async () => true),
  };
  const provider = { billingType: 'CreditCard', routeName: 'credit-card', cancel } as unknown as PaymentProvider;
  const service = createSavedCards({
    registry: createProviderRegistry([provider]),
    checkout: { savedCardRows: rows } as unknown as Checkout,
    log: { error: () => {} },
  });
  return { service, rows };
}
const customer = { customerId: 7 } as Parameters<ReturnType<typeof createSavedCards>['remove']>[0];

describe('spec 3 §7 removing the saved card (decision 083)', () => {
  it('a processor that cannot be reached changes nothing here (1)', async () => {
    const { service, rows } = savedCardsWith(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const error = await service.remove(customer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).number).toBe(1);
    expect(rows.remove).not.toHaveBeenCalled();
  });

  it('the processor cancels the token first ("already cancelled" counts), then the card is forgotten', async () => {
    const cancel = vi.fn(async () => 'alreadyCancelled' as const);
    const { service, rows } = savedCardsWith(cancel);
    expect(await service.remove(customer)).toEqual({ Result: true });
    expect(cancel).toHaveBeenCalledWith('tok-7');
    expect(rows.remove).toHaveBeenCalledWith(7, 'tok-7');
  });

  it('refused (4) while a card subscription renews, before the processor is asked', async () => {
    const cancel = vi.fn(async () => 'cancelled' as const);
    const { service, rows } = savedCardsWith(cancel, true);
    const error = await service.remove(customer).catch((e: unknown) => e);
    expect((error as ApiError).number).toBe(4);
    expect(cancel).not.toHaveBeenCalled();
    expect(rows.remove).not.toHaveBeenCalled();
  });
});
