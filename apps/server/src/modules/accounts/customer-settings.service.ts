import type { App, AlertType, Consent } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { ParentalProofs } from '../../sessions/parental-proof';
import type { AccountsRepository } from './accounts.repository';
import { DEFAULT_LIVE_EVENT_DELTA_MINUTES, toConsent } from './customer-view';
import type { ParentalCodeService } from './parental-code.service';
import { accountOf } from './signed-in-account';

/** A week: the longest notice that still reads as an alert. */
const MAX_DELTA_MINUTES = 7 * 24 * 60;

/** Alerts, cookie consent on the account and the parental-code check (spec 1 §7, spec 3 §4). */
export function createCustomerSettingsService(deps: {
  accounts: AccountsRepository;
  parentalCode: ParentalCodeService;
  getApp: () => Promise<App>;
  /** The proofs a right code gives for a content (decision 059). */
  proofs: ParentalProofs;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  const requireAccount = (auth: CustomerAuth) => accountOf(deps.accounts, auth);

  return {
    requireAccount,

    /** spec 1 §7 POST /customer/edit/alert; the Newsletter alert is the optin (spec 1 §7). */
    async editAlert(auth: CustomerAuth, type: AlertType, deltaTime: number | undefined, enabled: boolean) {
      const row = await requireAccount(auth);
      if (deltaTime !== undefined && deltaTime > MAX_DELTA_MINUTES) throw apiError(ApiErrorNumber.BadParameter);
      const existing = (await deps.accounts.listAlerts(row.id)).find((a) => a.alert_type === type);
      const delta = deltaTime ?? existing?.delta_time ?? (type === 'LiveEvent' ? DEFAULT_LIVE_EVENT_DELTA_MINUTES : 0);
      const at = now().toISOString();
      await deps.accounts.saveAlert(row.id, type, delta, enabled, at);
      if (type === 'Newsletter') await deps.accounts.update(row.id, { optin: enabled ? 1 : 0 });
      return true;
    },

    /**
     * Stores the accepted cookie types on the account (spec 3 §4): ids must be known cookie
     * types (else 3); mandatory types are always accepted.
     */
    async saveConsent(auth: CustomerAuth, idList: string): Promise<Consent> {
      const row = await requireAccount(auth);
      const parts = idList
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      if (parts.some((p) => !/^\d{1,9}$/.test(p))) throw apiError(ApiErrorNumber.BadParameter);
      const { cookieTypes } = await deps.getApp();
      const known = new Set(cookieTypes.map((c) => c.id));
      const ids = parts.map(Number);
      if (ids.some((id) => !known.has(id))) throw apiError(ApiErrorNumber.BadParameter);
      const mandatory = cookieTypes.filter((c) => c.mandatory).map((c) => c.id);
      const accepted = [...new Set([...mandatory, ...ids])].sort((a, b) => a - b);
      const updatedAt = now().toISOString();
      await deps.accounts.update(row.id, {
        consent_cookie_type_ids: JSON.stringify(accepted),
        consent_updated_at: updatedAt,
      });
      const consent = toConsent({ consent_cookie_type_ids: JSON.stringify(accepted), consent_updated_at: updatedAt });
      if (!consent) throw apiError(ApiErrorNumber.InternalError);
      return consent;
    },

    /** POST /customer/parental-code/check: Valid false when wrong or when no code is set. */
    async checkParentalCode(auth: CustomerAuth, code: string, ip: string): Promise<boolean> {
      const row = await requireAccount(auth);
      return deps.parentalCode.isRight(row, code, ip);
    },

    /**
     * The proof a right code gives for one content: its stream calls take it from this session
     * until it expires (decision 059). Asked only after checkParentalCode said Valid.
     */
    parentalProof(auth: CustomerAuth, contentId: number): { proof: string; expiresAt: string } {
      const { proof, expiresAt } = deps.proofs.sign(auth.sessionId, contentId, Math.floor(now().getTime() / 1000));
      return { proof, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
  };
}
export type CustomerSettingsService = ReturnType<typeof createCustomerSettingsService>;
