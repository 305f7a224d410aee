import { describe, expect, it, vi } from 'vitest';
import type { SupportCustomerCard } from '@playz/api-contract/admin';
import { createSupportLookup } from './support-lookup';

const card = (id: number): SupportCustomerCard => ({
  id,
  uid: `uid-${id}`,
  login: `c${id}@playz.fr`,
  name: `C ${id}`,
  phone: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  deleted: false,
  locale: 'fr',
  country: 'FR',
  loggedWith: null,
  profiles: [],
  devices: [],
  sessions: [],
});

function lookup(billingOwner: number | null) {
  const sources = {
    accounts: {
      find: vi.fn(async () => {
        const { id, uid, login, name, phone, createdAt, deleted } = card(1);
        return [{ id, uid, login, name, phone, createdAt, deleted }];
      }),
      card: vi.fn(async (id: number) => card(id)),
    },
    billing: {
      customerOfBilling: vi.fn(async () => billingOwner),
      money: vi.fn(async () => ({ subscriptions: [], purchases: [], payments: [], ledger: [] })),
    },
    endSessions: vi.fn(async () => 2),
  };
  return { sources, support: createSupportLookup(sources) };
}

describe('support finds a customer (decision 080)', () => {
  it('a billing id from a provider’s e-mail finds its customer first, beside the accounts’ own matches', async () => {
    const { support, sources } = lookup(7);
    const found = await support.find('0123456789abcdef01234567');
    expect(found.map((c) => c.id)).toEqual([7, 1]);
    expect(sources.billing.customerOfBilling).toHaveBeenCalledWith('0123456789abcdef01234567');
    expect(found[0]).not.toHaveProperty('sessions');
  });

  it('an e-mail is not taken for a billing id, and an unknown billing id adds nothing', async () => {
    const { support, sources } = lookup(null);
    expect((await support.find('ana@playz.fr')).map((c) => c.id)).toEqual([1]);
    expect(sources.billing.customerOfBilling).not.toHaveBeenCalled();
    expect((await support.find('ffffffffffffffffffffffff')).map((c) => c.id)).toEqual([1]);
  });
});
