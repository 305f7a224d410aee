import { adminEndpoints } from '@playz/api-contract/admin';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { PromoCodeDesk } from './promo-code-desk';

/** Promo codes in the console (decision 090): their use, a new one, disabling one; changes audited. */
export function registerPromoCodeRoutes(route: AdminRoute, deps: { promoCodes: PromoCodeDesk; audit: AuditLog }) {
  const { promoCodes, audit } = deps;

  route(adminEndpoints.listPromoCodes, async ({ query }) => promoCodes.list(query));

  route(adminEndpoints.getPromoCode, async ({ params }) => {
    const found = await promoCodes.detail(params.code);
    return { promoCode: found.code, redeemers: found.redeemers };
  });

  route(adminEndpoints.createPromoCode, async ({ body, caller, request }) => {
    const made = await promoCodes.create({ ...body, by: caller.member.email }, (trx, change) =>
      audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action: 'promo-code.create',
          target: { type: 'promo-code', id: (change.after as { code: string }).code },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      ),
    );
    return { promoCode: made };
  });

  route(adminEndpoints.disablePromoCode, async ({ params, caller, request }) => {
    const done = await promoCodes.disable(params.code, (trx, change) =>
      audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action: 'promo-code.disable',
          target: { type: 'promo-code', id: (change.after as { code: string }).code },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      ),
    );
    return { promoCode: done.code, repeated: done.repeated };
  });
}
