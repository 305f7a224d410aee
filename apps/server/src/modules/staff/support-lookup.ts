import type { SupportCustomerCard, SupportCustomerSummary, SupportMoney } from '@playz/api-contract/admin';
import { decodeCursor, encodeCursor, keysetPage } from '../../db/keyset-cursor';

/**
 * What support's screens ask of the other modules (decision 080), each through its front door:
 * accounts (the account, profiles, devices, sessions), billing (money, and which customer a billing
 * id is), the sessions (signing a customer out everywhere, which tells every module).
 */
export interface SupportSources {
  accounts: {
    /** Newest first; without a query, the newest accounts. `beforeId`: the page's keyset (decision 110). */
    find(
      query: string | undefined,
      page: { beforeId: number | null; limit: number },
    ): Promise<SupportCustomerSummary[]>;
    card(customerId: number): Promise<SupportCustomerCard | null>;
  };
  billing: {
    customerOfBilling(billingId: string): Promise<number | null>;
    money(customerId: number): Promise<SupportMoney>;
  };
  endSessions(customerId: number): Promise<number>;
}

/** Billing ids are opaque tokens (24 hex characters today): anything shaped like one is tried. */
const BILLING_ID = /^[0-9a-z-]{16,64}$/i;

export function createSupportLookup(sources: SupportSources) {
  const lookup = {
    /** A billing id (from a provider's e-mail, a bank statement) finds its customer too. */
    async find(
      query: string | undefined,
      page: { beforeId: number | null; limit: number } = { beforeId: null, limit: 20 },
    ): Promise<SupportCustomerSummary[]> {
      const found = await sources.accounts.find(query, page);
      // The billing id's customer leads the first page only: the next pages go on by id.
      if (query === undefined || page.beforeId !== null || !BILLING_ID.test(query.trim())) return found;
      const customerId = await sources.billing.customerOfBilling(query);
      const card = customerId !== null ? await sources.accounts.card(customerId) : null;
      if (!card || found.some((c) => c.id === card.id)) return found;
      const { id, uid, login, name, phone, createdAt, deleted } = card;
      return [{ id, uid, login, name, phone, createdAt, deleted }, ...found];
    },
    /**
     * A page of `find`, newest first by id (decision 110): one more row than shown says a next
     * page exists; `after` is the previous page's `next`, a forged one 3.
     */
    async findPage(
      query: string | undefined,
      page: { after?: string; limit: number },
    ): Promise<{ customers: SupportCustomerSummary[]; next: string | null }> {
      const beforeId = page.after ? decodeCursor('customers', ['int'], page.after)[0] : null;
      const found = await lookup.find(query, { beforeId, limit: page.limit + 1 });
      const { items, next } = keysetPage(found, page.limit, (last) => encodeCursor('customers', [last.id]));
      return { customers: items, next };
    },
    async card(customerId: number): Promise<{ customer: SupportCustomerCard; money: SupportMoney } | null> {
      const customer = await sources.accounts.card(customerId);
      if (!customer) return null;
      return { customer, money: await sources.billing.money(customerId) };
    },
    endSessions: (customerId: number) => sources.endSessions(customerId),
  };
  return lookup;
}

export type SupportLookup = ReturnType<typeof createSupportLookup>;
