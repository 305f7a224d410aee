import type { AlertsRepository } from './alerts.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** The one-click unsubscribe of the alert mails (RFC 8058, decision 062): the token is the authority. */
export function createUnsubscribeService(deps: { repo: AlertsRepository; tokens: UnsubscribeTokens; now: () => Date }) {
  return {
    /** Whether a link's token names an alert of a customer (the page asks before acting). */
    isValid: (token: unknown) => typeof token === 'string' && deps.tokens.read(token) !== null,
    /** Turns the alert off; false for a token not made by the server, which changes nothing. */
    async unsubscribe(token: unknown): Promise<boolean> {
      const named = typeof token === 'string' ? deps.tokens.read(token) : null;
      if (!named) return false;
      await deps.repo.disable(named.customerId, named.alertType, deps.now().toISOString());
      return true;
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
