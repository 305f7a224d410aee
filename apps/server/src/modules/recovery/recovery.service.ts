import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  ApiErrorNumber,
  apiError,
  normalizeFrenchPhone,
  validateLogin,
  validateMobile,
  validatePassword,
  validatePasswordConfirmation,
} from '@playz/domain';
import type { MessagePermit, PaidMessages } from '../../adapters/paid-messages';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempt } from '../../lib/too-many-attempts';
import { forgotLoginSms, passwordResetMail } from './recovery.messages';
import type { RecoveryRepository } from './recovery.repository';

/** Reset links live 20 minutes (decision 011). */
export const RESET_LINK_TTL_MS = 20 * 60 * 1000;
const QUARTER = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
// Per address generous enough for a shared office or school address, per target tight.
const RULES = {
  forgotPasswordIp: { max: 10, windowMs: QUARTER },
  forgotPasswordEmail: { max: 3, windowMs: QUARTER },
  forgotLoginIp: { max: 5, windowMs: HOUR },
  forgotLoginNumber: { max: 3, windowMs: HOUR },
  resetIp: { max: 20, windowMs: QUARTER },
};

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface Logger {
  error(obj: object, msg: string): void;
}

export function createRecoveryService(deps: {
  repo: RecoveryRepository;
  /** The only way a mail or an SMS leaves: each one is counted against the budgets (decision 050). */
  messages: PaidMessages;
  limiter: RateLimiter;
  publicUrl: string;
  log: Logger;
  /** The reset ended every session in its transaction; this tells the listeners (decision 018). */
  endSessions: (customerId: number) => Promise<unknown>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Work left after the answer, awaited by `drain` (the server waits for it when it closes). */
  const pending = new Set<Promise<void>>();

  /**
   * Runs `work` after the answer has left (setImmediate), so what it does cannot show in the
   * answer's timing: an existing and an unknown e-mail take the same time to answer (decision 011:
   * the reset secret's write made a known e-mail 1.6 ms slower; an SMTP round trip would tell
   * them apart too). A failure is logged, never shown.
   */
  function afterAnswer(work: () => Promise<void>, what: string) {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`))
      .finally(() => pending.delete(done));
    pending.add(done);
  }

  /** Looks the e-mail up, stores a new reset secret and mails its link: after the answer. */
  async function sendResetLink(login: string, at: Date, permit: MessagePermit) {
    const customer = await deps.repo.findCustomerByLogin(login);
    if (!customer?.login) return;
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(at.getTime() + RESET_LINK_TTL_MS);
    await deps.repo.replaceResetSecret(customer.id, hashSecret(secret), at.toISOString(), expiresAt.toISOString());
    const link = `${deps.publicUrl}/customer/change-password?secret=${secret}`;
    await deps.messages.sendMail(permit, passwordResetMail({ locale: customer.locale, link, minutes: 20 }));
  }

  return {
    /** Resolves once the work queued after answers is done (server close, tests). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },

    /**
     * spec 1 §7 forgot-password: always true, whether or not the e-mail has an account. Only the
     * checks and the counting happen before the answer; the lookup, the secret and the mail after.
     */
    async forgotPassword(email: string, ip: string): Promise<{ Result: true }> {
      const login = email.trim().toLowerCase();
      const invalid = validateLogin(login);
      if (invalid === 'loginEmpty') throw apiError(ApiErrorNumber.MissingParameter);
      if (invalid) throw apiError(ApiErrorNumber.EmailNotValid);
      const t = now();
      await countAttempt(deps.limiter, [`forgot-password:ip:${ip}`], RULES.forgotPasswordIp, t.getTime());
      await countAttempt(deps.limiter, [`forgot-password:email:${login}`], RULES.forgotPasswordEmail, t.getTime());
      // The mail's budget is counted before the answer, whether or not the address has an
      // account, so neither the answer nor its timing tells (decision 050).
      const permit = await deps.messages.permit('mail', login, { customerId: null, ip });
      afterAnswer(() => sendResetLink(login, t, permit), 'password-reset link');
      return { Result: true };
    },

    /**
     * Support sends a customer a new reset link from the console (decision 084): the same link,
     * lifetime and mail as forgot-password, counted against the same mail budgets, sent before the
     * answer since the console must say whether it left.
     */
    async sendResetLinkFor(customer: { id: number; login: string }, ip: string): Promise<void> {
      const permit = await deps.messages.permit('mail', customer.login, { customerId: customer.id, ip });
      await sendResetLink(customer.login, now(), permit);
    },

    /** Support unlocks an account (decision 084): its forgot-password refusals end too. */
    async forgetRefusals(login: string): Promise<void> {
      await deps.limiter.reset(`forgot-password:email:${login.trim().toLowerCase()}`);
    },

    /** Unknown, used, superseded and timed-out secrets all read 'expired' (one page, spec 1 §8). */
    async checkSecret(secret: string): Promise<{ Status: 'valid' | 'expired' }> {
      const row = await deps.repo.findUsableReset(hashSecret(secret), now().toISOString());
      return { Status: row ? 'valid' : 'expired' };
    },

    async resetPassword(
      input: { secret: string; password: string; passwordConfirm: string },
      ip: string,
    ): Promise<{ Success: true }> {
      const t = now();
      await countAttempt(deps.limiter, [`reset-password:ip:${ip}`], RULES.resetIp, t.getTime());
      if (validatePassword(input.password) || validatePasswordConfirmation(input.password, input.passwordConfirm)) {
        throw apiError(ApiErrorNumber.PasswordNotValid);
      }
      const passwordHash = await hash(input.password);
      const customerId = await deps.repo.resetPassword(hashSecret(input.secret), passwordHash, t.toISOString());
      if (customerId === null) throw apiError(ApiErrorNumber.CustomerTokenExpired);
      await deps.endSessions(customerId);
      return { Success: true };
    },

    /** spec 1 §7 forgot-login: false means no account has that number (the spec's own choice). */
    async forgotLogin(msisdn: string, operatorId: number, ip: string): Promise<{ Result: boolean }> {
      const invalid = validateMobile(msisdn);
      if (invalid === 'phoneEmpty' || operatorId === 0) throw apiError(ApiErrorNumber.MissingParameter);
      if (invalid) throw apiError(ApiErrorNumber.BadParameter);
      const phone = normalizeFrenchPhone(msisdn);
      const t = now().getTime();
      await countAttempt(deps.limiter, [`forgot-login:ip:${ip}`], RULES.forgotLoginIp, t);
      await countAttempt(deps.limiter, [`forgot-login:number:${phone}`], RULES.forgotLoginNumber, t);
      const customers = await deps.repo.findCustomersByPhone(phone);
      if (customers.length === 0) return { Result: false };
      // Several accounts may share a family phone: each login is sent, each SMS budgeted.
      for (const customer of customers) {
        const permit = await deps.messages.permit('sms', phone, { customerId: customer.id, ip });
        await deps.messages.sendSms(permit, {
          operatorId,
          text: forgotLoginSms(customer.locale, customer.login ?? ''),
        });
      }
      return { Result: true };
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
