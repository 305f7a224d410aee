import { ApiErrorNumber, apiError } from '@playz/domain';
import { adminEndpoints } from '@playz/api-contract/admin';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { SupportDesk } from './support-desk';
import type { SupportLookup } from './support-lookup';

/** Support's calls (decisions 080, 084): find a customer, read their account and money, help them. */
export function registerCustomerRoutes(
  route: AdminRoute,
  deps: { support: SupportLookup; audit: AuditLog; desk: SupportDesk; now: () => Date },
) {
  const { desk, audit } = deps;

  /** The customer a call is about: 7 when there is none (or it is already deleted). */
  async function customerOf(id: number) {
    const found = await deps.support.card(id);
    if (!found || found.customer.deleted) throw apiError(ApiErrorNumber.NotFound);
    return found;
  }

  route(adminEndpoints.findCustomers, async ({ query }) => deps.support.findPage(query.q, query));

  route(adminEndpoints.getCustomer, async ({ params }) => {
    const found = await deps.support.card(params.id);
    if (!found) throw apiError(ApiErrorNumber.NotFound);
    return found;
  });

  route(adminEndpoints.endCustomerSessions, async ({ params, caller, request }) => {
    const found = await customerOf(params.id);
    const ended = await deps.support.endSessions(params.id);
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.sign-out-everywhere',
      target: { type: 'customer', id: params.id },
      before: { openSessions: found.customer.sessions.length },
      after: { openSessions: 0, ended },
      ...auditContext(request),
    });
    return { ended };
  });

  route(adminEndpoints.endCustomerSession, async ({ params, caller, request }) => {
    const found = await customerOf(params.id);
    const ended = await desk.accounts.endSession(params.id, params.ref);
    if (!ended) throw apiError(ApiErrorNumber.NotFound);
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.session-end',
      target: { type: 'customer', id: params.id },
      before: { openSessions: found.customer.sessions.length, session: { ref: params.ref, ...ended } },
      after: { openSessions: found.customer.sessions.length - 1 },
      ...auditContext(request),
    });
    return { ended: true };
  });

  route(adminEndpoints.getCustomerMessages, async ({ params }) => {
    const found = await customerOf(params.id);
    const [alerts, mails] = await Promise.all([
      desk.alerts.sentTo(params.id),
      found.customer.login ? desk.mailsTo(found.customer.login) : Promise.resolve([]),
    ]);
    return { alerts, mails };
  });

  route(adminEndpoints.unlockCustomer, async ({ params, caller, request }) => {
    await customerOf(params.id);
    const unlocked = await desk.accounts.unlock(params.id);
    if (!unlocked) throw apiError(ApiErrorNumber.NotFound);
    if (unlocked.login) await desk.recovery.forgetRefusals(unlocked.login);
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.unlock',
      target: { type: 'customer', id: params.id },
      before: { refusals: 'as counted' },
      after: { refusals: 'none' },
      ...auditContext(request),
    });
    return { unlocked: true as const };
  });

  route(adminEndpoints.resendCustomerMail, async ({ params, body, caller, request }) => {
    const found = await customerOf(params.id);
    const login = found.customer.login;
    // An account made by an operator payment or a social sign-on may have no address to write to.
    if (!login) throw apiError(ApiErrorNumber.EmailNotFound);
    await desk.recovery.sendResetLinkFor({ id: params.id, login }, request.ip);
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.mail-resend',
      target: { type: 'customer', id: params.id },
      after: { mail: body.kind },
      ...auditContext(request),
    });
    return { sent: true as const };
  });

  route(adminEndpoints.grantGoodwill, async ({ params, body, caller, request }) => {
    await customerOf(params.id);
    return desk.billing.grantGoodwill(
      { customerId: params.id, subscriptionId: body.subscriptionId, days: body.days, key: body.key },
      // Written in the grant's own transaction: no new date without its entry, nor the reverse.
      (trx, change) =>
        audit.record(
          {
            actor: { staffId: caller.member.id, email: caller.member.email },
            action: 'customer.goodwill',
            target: { type: 'customer', id: params.id },
            before: { subscriptionId: body.subscriptionId, expirationDate: change.before },
            after: { subscriptionId: body.subscriptionId, expirationDate: change.after, days: body.days },
            ...auditContext(request),
          },
          trx,
        ),
    );
  });

  route(adminEndpoints.refundPayment, async ({ params, body, caller, request }) => {
    await customerOf(params.id);
    const refunded = await desk.billing.refund({
      customerId: params.id,
      billingId: body.billingId,
      amountCents: body.amountCents,
      key: body.key,
    });
    if (refunded.outcome === 'rejected' || refunded.outcome === 'ignored')
      throw apiError(ApiErrorNumber.Error, 'the provider’s refund did not match the payment');
    const repeated = refunded.outcome === 'duplicate';
    // Every ask is recorded, the one that moved the money and the ones that found it moved.
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: repeated ? 'customer.refund-repeated' : 'customer.refund',
      target: { type: 'payment', id: body.billingId },
      before: { customerId: params.id, refundableCents: refunded.before.refundableCents },
      after: {
        customerId: params.id,
        refundedCents: refunded.refundedCents,
        currency: refunded.currency,
        key: body.key,
      },
      ...auditContext(request),
    });
    return { refundedCents: refunded.refundedCents, currency: refunded.currency, repeated };
  });

  route(adminEndpoints.exportCustomer, async ({ params, caller, request, reply }) => {
    await customerOf(params.id);
    const [account, money] = await Promise.all([desk.accounts.exportOf(params.id), desk.billing.exportOf(params.id)]);
    if (!account) throw apiError(ApiErrorNumber.NotFound);
    // Reading someone's whole file is recorded too: who took a copy, and when.
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.export',
      target: { type: 'customer', id: params.id },
      ...auditContext(request),
    });
    reply.header('content-disposition', `attachment; filename="playz-customer-${params.id}.json"`);
    return { export: { exportedAt: deps.now().toISOString(), ...account, ...money } };
  });

  route(adminEndpoints.deleteCustomer, async ({ params, caller, request }) => {
    const found = await customerOf(params.id);
    const deleted = await desk.accounts.deleteOnRequest(params.id);
    if (!deleted) throw apiError(ApiErrorNumber.NotFound);
    // The entry names the account by its id only: what it held is what was just deleted.
    await audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.delete',
      target: { type: 'customer', id: params.id },
      before: {
        deleted: false,
        subscriptions: found.money.subscriptions.length,
        purchases: found.money.purchases.length,
      },
      after: { deleted: true, keptForAccounting: deleted.keptForAccounting },
      ...auditContext(request),
    });
    return { deleted: true as const, keptForAccounting: deleted.keptForAccounting };
  });
}
