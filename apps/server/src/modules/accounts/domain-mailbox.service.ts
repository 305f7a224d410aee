import { randomInt, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { AccountsRepository } from './accounts.repository';
import type { SecretBox } from './secret-box';

type Session = { id: string; customerId: number } | null;

// No 0/O, 1/l/I: the password is read off a screen and typed on another device.
const READABLE = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function readableSecret(length: number): string {
  return Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');
}

/**
 * Domain mailboxes (spec 1 §2 welcome, §7): operator-billing customers get an account whose login
 * is a mailbox on the service's own domain, with a generated password that only its owner can
 * read back, here (docs/decisions/009).
 */
export function createDomainMailboxService(deps: { accounts: AccountsRepository; box: SecretBox; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** spec 1 §7 GET /customer/domain-mailbox: 7 when the account has none. */
    async get(session: Session): Promise<{ Login: string; Password: string | null }> {
      if (!session) throw apiError(ApiErrorNumber.AuthenticationFailed);
      const row = await deps.accounts.findById(session.customerId);
      if (!row) throw apiError(ApiErrorNumber.AuthenticationFailed);
      if (row.has_domain_mailbox !== 1 || row.domain_mailbox_login === null) throw apiError(ApiErrorNumber.NotFound);
      const password = row.domain_mailbox_password ? deps.box.open(row.domain_mailbox_password) : null;
      return { Login: row.domain_mailbox_login, Password: password };
    },

    /**
     * Creates the account of an operator-billing customer: login `abonne.xxxxxx@<site domain>`,
     * a generated password (also the account password until the customer changes it).
     */
    async provision(siteDomain: string): Promise<{ customerId: number; login: string; password: string }> {
      const login = `abonne.${readableSecret(8).toLowerCase()}@${siteDomain.replace(/^www\./, '')}`;
      const password = readableSecret(10);
      const customerId = await deps.accounts.insert({
        uid: randomUUID(),
        login,
        passwordHash: await hash(password),
        parentalCodeHash: null,
        optin: false,
        locale: 'fr',
        country: 'fr',
        now: now().toISOString(),
      });
      await deps.accounts.update(customerId, {
        has_domain_mailbox: 1,
        domain_mailbox_login: login,
        domain_mailbox_password: deps.box.seal(password),
      });
      return { customerId, login, password };
    },
  };
}
export type DomainMailboxService = ReturnType<typeof createDomainMailboxService>;
