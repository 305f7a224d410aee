import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Outcome = 'applied' | 'duplicate' | 'rejected' | 'ignored';

/**
 * What support changes of a customer (decision 084), each through the owning module's front door:
 * accounts (a session, the refusals, the export, the deletion), recovery (the reset mail), alerts
 * (what was sent), billing (goodwill days, refunds, the money's export).
 */
export interface SupportDesk {
  accounts: {
    endSession(customerId: number, ref: string): Promise<{ platform: string; deviceId: number | null } | null>;
    unlock(customerId: number): Promise<{ login: string | null } | null>;
    exportOf(customerId: number): Promise<Record<string, unknown> | null>;
    deleteOnRequest(customerId: number): Promise<{ keptForAccounting: boolean } | null>;
  };
  recovery: {
    sendResetLinkFor(customer: { id: number; login: string }, ip: string): Promise<void>;
    forgetRefusals(login: string): Promise<void>;
  };
  alerts: { sentTo(customerId: number): Promise<{ key: string; sentAt: string; mailDue: boolean }[]> };
  /** The mails the local outbox kept for an address; null when mail leaves by SMTP. */
  mailsTo(login: string): Promise<{ sentAt: string; subject: string }[] | null>;
  billing: {
    grantGoodwill(
      input: { customerId: number; subscriptionId: number; days: number; key: string },
      record: (trx: Kysely<Database>, change: { before: string; after: string }) => Promise<void>,
    ): Promise<{ expirationDate: string; repeated: boolean }>;
    refund(input: { customerId: number; billingId: string; amountCents?: number; key: string }): Promise<{
      outcome: Outcome;
      refundedCents: number;
      currency: string;
      before: { refundableCents: number };
    }>;
    exportOf(customerId: number): Promise<Record<string, unknown>>;
  };
}
