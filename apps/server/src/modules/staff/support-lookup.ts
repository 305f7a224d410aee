import type { SupportCustomerCard, SupportCustomerSummary, SupportMoney } from '@playz/api-contract/admin';

/**
 * What support's screens ask of the other modules (decision 080), each through its front door:
 * accounts (the account, profiles, devices, sessions), billing (money, and which customer a billing
 * id is), the sessions (signing a customer out everywhere, which tells every module).
 */
export interface SupportSources {
  accounts: {
    find(query: string): Promise<SupportCustomerSummary[]>;
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
  return {
    /** A billing id (from a provider's e-mail, a bank statement) finds its customer too. */
    async find(query: string): Promise<SupportCustomerSummary[]> {
      const found = await sources.accounts.find(query);
      if (!BILLING_ID.test(query.trim())) return found;
      const customerId = await sources.billing.customerOfBilling(query);
      const card = customerId !== null ? await sources.accounts.card(customerId) : null;
      if (!card || found.some((c) => c.id === card.id)) return found;
      const { id, uid, login, name, phone, createdAt, deleted } = card;
      return [{ id, uid, login, name, phone, createdAt, deleted }, ...found];
    },
    async card(customerId: number): Promise<{ customer: SupportCustomerCard; money: SupportMoney } | null> {
      const customer = await sources.accounts.card(customerId);
      if (!customer) return null;
      return { customer, money: await sources.billing.money(customerId) };
    },
    endSessions: (customerId: number) => sources.endSessions(customerId),
  };
}

export type SupportLookup = ReturnType<typeof createSupportLookup>;
