import type { AlertsRepository } from './alerts.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/**
 * The one-click unsubscribe of the alert mails and the newsletter (RFC 8058, decisions 062 and
 * 067): the token is the authority.
 */
export function createUnsubscribeService(deps: { repo: AlertsRepository; tokens: UnsubscribeTokens; now: () => Date }) {
  return {
    /** The alert a link's token names (the page asks before acting); null for a token not made by the server. */
    alertOf: (token: unknown) => (typeof token === 'string' ? (deps.tokens.read(token)?.alertType ?? null) : null),
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
