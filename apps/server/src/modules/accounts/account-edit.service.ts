import { hash, verify } from '@node-rs/argon2';
import type { App, Customer } from '@playz/api-contract';
import {
  ApiErrorNumber,
  DEFAULT_PARENTAL_THRESHOLD,
  PARENTAL_THRESHOLDS,
  apiError,
  normalizeFrenchPhone,
  validateEditLogin,
  validateParentalCode,
  validatePassword,
  validatePasswordConfirmation,
  validateDateOfBirth,
  validatePhone,
} from '@playz/domain';
import type { AdultAuth } from '../../lib/access';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { AccountsRepository, CustomerChanges, CustomerRow } from './accounts.repository';
import { PRODUCT_LOGIN, type AccountsService } from './accounts.service';
import { ATTEMPT_RULES, attemptKeys } from './attempt-rules';
import type { DevicesRepository } from './devices.repository';
import { RECENT_SIGN_IN_MS } from './parental-code-reset.service';
import type { ParentalCodeService } from './parental-code.service';
import { passwordGuardAccount, type PasswordGuard } from './password-guard';
import type { SessionRepository } from '../../sessions/session.repository';
import { accountOf, customerOf } from './signed-in-account';
import { isValidUsername } from './username-rule';

/** The fields of spec 1 §7 POST /customer/edit, as the contract names them. */
export interface EditInput {
  login?: string;
  username?: string;
  gender?: string;
  firstname?: string;
  lastname?: string;
  optin?: string;
  phone_number?: string;
  address?: string;
  /** Beyond the spec's edit fields (decision 058 addendum): YYYY-MM-DD, '' clears it. */
  date_of_birth?: string;
  parentalCode?: string;
  currentParentalCode?: string;
  parental_threshold?: string;
  password?: string;
  password_confirm?: string;
  /** Needed to change the login or the password (decision 032, ASVS V6). */
  current_password?: string;
}

const OWN_LOGIN_FIELDS = ['login', 'firstname', 'lastname', 'password'] as const;

/**
 * spec 1 §7 POST /customer/edit and GET /customer/delete. Each field has its rule and error
 * number (spec 1 §5, §8); nothing is written unless every given field is valid. Every call is an
 * adult one (decision 055): the route refused visitors (11) and kids profiles (4) before.
 */
export function createAccountEditService(deps: {
  accounts: AccountsRepository;
  sessions: SessionRepository;
  devices: DevicesRepository;
  customers: Pick<AccountsService, 'customerById'>;
  parentalCode: ParentalCodeService;
  limiter: RateLimiter;
  passwordGuard: PasswordGuard;
  getApp: () => Promise<App>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /**
   * A new login or password needs proof that the account's owner is at the keyboard, not just
   * someone holding the session (decision 032, ASVS V6): the current password, counted by the same
   * guard as log-in (2 when missing, 14 when wrong). An account without a password (not one of
   * ours today: social accounts may not change these at all) proves it with a provider sign-in
   * of the last 10 minutes instead, as the forgotten parental code does (42 when older).
   */
  async function confirmOwner(auth: AdultAuth, row: CustomerRow, password: string | undefined, ip: string) {
    if (row.password_hash === null) {
      const startedAt = await deps.sessions.startedAt(auth.sessionId);
      if (!startedAt || now().getTime() - Date.parse(startedAt) > RECENT_SIGN_IN_MS) {
        throw apiError(ApiErrorNumber.CustomerTokenExpired);
      }
      return;
    }
    if (password === undefined || password === '') throw apiError(ApiErrorNumber.MissingParameter);
    const account = passwordGuardAccount(row);
    await deps.passwordGuard.beforeGuess(account, ip);
    if (!(await verify(row.password_hash, password))) throw apiError(ApiErrorNumber.PasswordNotValid);
    await deps.passwordGuard.succeeded(account, ip);
  }

  async function loginChange(row: CustomerRow, value: string, ip: string): Promise<string> {
    const login = value.trim().toLowerCase();
    const { siteDomain } = await deps.getApp();
    // The service's own domain is for domain mailboxes only (spec 1 §5).
    if (validateEditLogin(login, siteDomain) !== null) throw apiError(ApiErrorNumber.EmailNotValid);
    if (login === row.login) return login;
    // 12 says an e-mail has an account, as register does: counted the same way.
    await countAttempts(
      deps.limiter,
      [{ key: attemptKeys.registerAddress(ip), rule: ATTEMPT_RULES.registerPerAddress }],
      now().getTime(),
    );
    if (await deps.accounts.findByLogin(login)) throw apiError(ApiErrorNumber.EmailAlreadyExists);
    return login;
  }

  async function userNameChange(row: CustomerRow, value: string): Promise<string> {
    const name = value.trim();
    if (!isValidUsername(name)) throw apiError(ApiErrorNumber.UsernameInvalid);
    if (await deps.accounts.isUserNameTaken(name, row.id)) throw apiError(ApiErrorNumber.UsernameAlreadyExists);
    return name;
  }

  function requiredName(value: string): string {
    const name = value.trim();
    // "First name and last name each required" (spec 1 §5).
    if (name === '') throw apiError(ApiErrorNumber.BadParameter);
    return name;
  }

  return {
    async edit(auth: AdultAuth, input: EditInput, ip: string): Promise<Customer> {
      const row = await accountOf(deps.accounts, auth);
      // "Only accounts with the product's own login may edit login, name or password" (spec 1 §4).
      if (row.logged_with !== PRODUCT_LOGIN && OWN_LOGIN_FIELDS.some((f) => input[f] !== undefined)) {
        throw apiError(ApiErrorNumber.Forbidden);
      }
      const newLogin = input.login?.trim().toLowerCase();
      const isLoginChange = newLogin !== undefined && newLogin !== row.login;
      if (input.password !== undefined) {
        const problem =
          validatePassword(input.password) ??
          (input.password_confirm !== undefined
            ? validatePasswordConfirmation(input.password, input.password_confirm)
            : null);
        if (problem !== null) throw apiError(ApiErrorNumber.PasswordNotValid);
      }
      if (isLoginChange || input.password !== undefined) {
        // A malformed login is refused before a password guess is spent on it.
        if (isLoginChange && validateEditLogin(newLogin, (await deps.getApp()).siteDomain) !== null) {
          throw apiError(ApiErrorNumber.EmailNotValid);
        }
        await confirmOwner(auth, row, input.current_password, ip);
      }
      const changes: CustomerChanges = {};
      if (input.login !== undefined) changes.login = await loginChange(row, input.login, ip);
      if (input.username !== undefined) changes.user_name = await userNameChange(row, input.username);
      if (input.gender !== undefined) changes.gender = input.gender.trim() || null;
      if (input.firstname !== undefined) changes.first_name = requiredName(input.firstname);
      if (input.lastname !== undefined) changes.last_name = requiredName(input.lastname);
      if (input.optin !== undefined) changes.optin = input.optin === '1' || input.optin === 'true' ? 1 : 0;
      if (input.phone_number !== undefined) {
        const phone = input.phone_number.trim();
        if (phone !== '' && validatePhone(phone, row.country) !== null) throw apiError(ApiErrorNumber.BadParameter);
        changes.phone_number = phone === '' ? null : normalizeFrenchPhone(phone);
      }
      if (input.address !== undefined) changes.address = input.address.trim() || null;
      if (input.date_of_birth !== undefined) {
        const date = input.date_of_birth.trim();
        if (validateDateOfBirth(date, now()) !== null) throw apiError(ApiErrorNumber.BadParameter);
        changes.date_of_birth = date === '' ? null : date;
      }
      const isPasswordChange = input.password !== undefined;
      if (input.parentalCode !== undefined) {
        if (validateParentalCode(input.parentalCode) !== null) throw apiError(ApiErrorNumber.BadParameter);
        // Changing a code needs the current one, or anyone holding the session could unlock
        // kids profiles and protected content (counted by the parental-code lockout).
        await deps.parentalCode.assertRight(row, input.currentParentalCode, ip);
        changes.parental_code_hash = await hash(input.parentalCode);
      }
      if (input.parental_threshold !== undefined) {
        const threshold = Number(input.parental_threshold);
        if (!PARENTAL_THRESHOLDS.some((t) => t === threshold)) throw apiError(ApiErrorNumber.BadParameter);
        // Asking for the code less often is loosening the protection: the code is asked for it,
        // as for changing the code (decision 059). Asking more often is free.
        const current = row.parental_threshold ?? DEFAULT_PARENTAL_THRESHOLD;
        if (threshold > current && input.parentalCode === undefined)
          await deps.parentalCode.assertRight(row, input.currentParentalCode, ip);
        changes.parental_threshold = threshold;
      }
      if (input.password !== undefined) {
        changes.password_hash = await hash(input.password);
        // The generated mailbox password no longer opens the account (docs/decisions/009).
        changes.domain_mailbox_password = null;
      }
      await deps.accounts.update(row.id, changes);
      if (isPasswordChange) {
        // A new password ends every other session of the account, this one stays (decision 009).
        await deps.sessions.deleteAllOfCustomer(row.id, auth.sessionId);
        await deps.devices.deleteUnused(row.id);
      }
      return customerOf(deps.customers, auth);
    },

    /** spec 1 §7 GET /customer/delete (docs/decisions/009). */
    async deleteAccount(auth: AdultAuth): Promise<void> {
      const row = await accountOf(deps.accounts, auth);
      await deps.accounts.deleteAccount(row.id, now().toISOString());
      // The sessions went with the account; ending them here too tells the listeners (decision 018).
      await deps.sessions.deleteAllOfCustomer(row.id);
    },

    /** "Sign out everywhere" (decision 009): every other session of the account ends. */
    async logOutOthers(auth: AdultAuth): Promise<number> {
      const row = await accountOf(deps.accounts, auth);
      const count = await deps.sessions.deleteAllOfCustomer(row.id, auth.sessionId);
      await deps.devices.deleteUnused(row.id);
      return count;
    },
  };
}
export type AccountEditService = ReturnType<typeof createAccountEditService>;
