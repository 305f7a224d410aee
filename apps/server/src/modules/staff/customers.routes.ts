import { ApiErrorNumber, apiError } from '@playz/domain';
import { adminEndpoints } from '@playz/api-contract/admin';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { SupportLookup } from './support-lookup';

/** Support's calls (decision 080): find a customer, read their account and money, sign them out. */
export function registerCustomerRoutes(route: AdminRoute, deps: { support: SupportLookup; audit: AuditLog }) {
  route(adminEndpoints.findCustomers, async ({ query }) => ({ customers: await deps.support.find(query.q) }));

  route(adminEndpoints.getCustomer, async ({ params }) => {
    const found = await deps.support.card(params.id);
    if (!found) throw apiError(ApiErrorNumber.NotFound);
    return found;
  });

  route(adminEndpoints.endCustomerSessions, async ({ params, caller, request }) => {
    const found = await deps.support.card(params.id);
    if (!found) throw apiError(ApiErrorNumber.NotFound);
    const ended = await deps.support.endSessions(params.id);
    await deps.audit.record({
      actor: { staffId: caller.member.id, email: caller.member.email },
      action: 'customer.sign-out-everywhere',
      target: { type: 'customer', id: params.id },
      before: { openSessions: found.customer.sessions.length },
      after: { openSessions: 0, ended },
      ...auditContext(request),
    });
    return { ended };
  });
}
