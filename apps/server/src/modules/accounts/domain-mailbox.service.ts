import { randomInt, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { AccountsRepository } from './accounts.repository';
import type { SecretBox } from '../../lib/secret-box';
import { accountOf } from './signed-in-account';

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
    async get(auth: CustomerAuth): Promise<{ Login: string; Password: string | null }> {
      const row = await accountOf(deps.accounts, auth);
      if (row.has_domain_mailbox !== 1 || row.domain_mailbox_login === null) throw apiError(ApiErrorNumber.NotFound);
      const password = row.domain_mailbox_password ? deps.box.open(row.domain_mailbox_password) : null;
      return { Login: row.domain_mailbox_login, Password: password };
    },

    /**
     * Creates the account of an operator-billing customer: login `abonne.xxxxxx@<site domain>`,
     * a generated password (also the account password until the customer changes it).
     */
    async provision(siteDomain: string): Promise<{ customerId: number; login: string; password: string }> {
      return insertMailboxAccount(deps.accounts, await prepareMailboxAccount(siteDomain, deps.box), now());
    },
  };
}
export type DomainMailboxService = ReturnType<typeof createDomainMailboxService>;

/** A mailbox account ready to insert: the slow part (hashing) done outside any transaction. */
export interface PreparedMailboxAccount {
  login: string;
  password: string;
  passwordHash: string;
  sealedPassword: string;
}

export async function prepareMailboxAccount(siteDomain: string, box: SecretBox): Promise<PreparedMailboxAccount> {
  const login = `abonne.${readableSecret(8).toLowerCase()}@${siteDomain.replace(/^www\./, '')}`;
  const password = readableSecret(10);
  return { login, password, passwordHash: await hash(password), sealedPassword: box.seal(password) };
}

/** Inserts a prepared mailbox account through `accounts` (which may be bound to a transaction). */
export async function insertMailboxAccount(
  accounts: AccountsRepository,
  prepared: PreparedMailboxAccount,
  at: Date,
  phoneNumber: string | null = null,
): Promise<{ customerId: number; login: string; password: string }> {
  const customerId = await accounts.insert({
    uid: randomUUID(),
    login: prepared.login,
    passwordHash: prepared.passwordHash,
    parentalCodeHash: null,
    optin: false,
    locale: 'fr',
    country: 'fr',
    now: at.toISOString(),
  });
  await accounts.update(customerId, {
    has_domain_mailbox: 1,
    domain_mailbox_login: prepared.login,
    domain_mailbox_password: prepared.sealedPassword,
    ...(phoneNumber ? { phone_number: phoneNumber } : {}),
  });
  return { customerId, login: prepared.login, password: prepared.password };
}
