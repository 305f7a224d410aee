import { randomBytes } from 'node:crypto';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { SsoProviderId } from '@playz/api-contract';
import type { ProviderNotice, SignOnProvider } from './providers';
import type { SsoRepository } from './sso.repository';

export interface NoticeAnswer {
  /** For a provider that waits for one (Facebook): the code the person follows the request with. */
  confirmationCode: string | null;
}

/**
 * What sign-on providers tell us on their own (decision 086), applied so that a redelivered or
 * late notice changes nothing more: Apple's relay forwarding turned off or on (the newer notice
 * wins), Apple's consent revoked (nothing left to revoke; an account with no other way in is
 * signed out everywhere, as Apple asks it be treated), an account deleted at Apple or Facebook's
 * data-deletion request (the link and the address go; an account nobody can sign in to any more is
 * deleted as its owner would delete it, decision 009).
 */
export function createProviderNotices(deps: {
  providers: Map<SsoProviderId, SignOnProvider>;
  repo: SsoRepository;
  signOutEverywhere: (customerId: number) => Promise<unknown>;
  deleteAccount: (customerId: number) => Promise<void>;
  now: () => Date;
}) {
  async function apply(provider: SsoProviderId, notice: ProviderNotice) {
    const { subject } = notice;
    const customerId = await deps.repo.findCustomerId(provider, subject);
    if (customerId === null) return;
    switch (notice.event) {
      case 'email-disabled':
      case 'email-enabled':
        await deps.repo.setEmailForwarding(
          provider,
          subject,
          notice.event === 'email-enabled',
          notice.at.toISOString(),
        );
        return;
      case 'consent-revoked':
        await deps.repo.dropGrant(provider, subject);
        if (!(await deps.repo.hasWayIn(customerId, { provider, subject }))) await deps.signOutEverywhere(customerId);
        return;
      case 'account-delete':
        await deps.repo.forgetIdentity(provider, subject);
        if (!(await deps.repo.hasWayIn(customerId, { provider, subject }))) await deps.deleteAccount(customerId);
        return;
    }
  }

  return {
    /**
     * A provider's notice: its signature checked by the provider's adapter (a refusal throws), then
     * applied and kept once. A notice kept already is not applied again: an old account-delete
     * must not delete the account the same person made since. Applying comes before keeping and
     * changes nothing the second time, so a failure half-way is finished by the next delivery.
     */
    async receive(source: string, body: Record<string, unknown>): Promise<NoticeAnswer> {
      const sso = deps.providers.get(source as SsoProviderId);
      if (!sso?.readNotice) throw apiError(ApiErrorNumber.SsoSourceNotValid);
      const notice = await sso.readNotice(body);
      if (!notice) return { confirmationCode: null };
      const earlier = await deps.repo.noticeOf(sso.id, notice.id);
      if (earlier) return { confirmationCode: earlier.confirmation_code };
      await apply(sso.id, notice);
      const code = notice.wantsConfirmation ? randomBytes(12).toString('base64url') : null;
      const kept = await deps.repo.keepNotice({
        provider: sso.id,
        notice_id: notice.id,
        event: notice.event,
        received_at: deps.now().toISOString(),
        confirmation_code: code,
      });
      if (kept) return { confirmationCode: code };
      return { confirmationCode: (await deps.repo.noticeOf(sso.id, notice.id))?.confirmation_code ?? null };
    },

    /** The status page of a data-deletion request: done when kept (it is applied before). */
    async deletionStatus(code: string) {
      const notice = await deps.repo.noticeByCode(code);
      if (!notice) throw apiError(ApiErrorNumber.NotFound);
      return { provider: notice.provider, receivedAt: notice.received_at };
    },
  };
}
export type ProviderNotices = ReturnType<typeof createProviderNotices>;
