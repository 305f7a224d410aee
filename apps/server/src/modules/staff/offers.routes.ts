import { adminEndpoints, type AdminOffer } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { NewOfferTerms } from '../service';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';
import type { OfferDesk, OfferRowForConsole, RecordOfferChange } from './offer-desk';

const toAdminOffer = (row: OfferRowForConsole): AdminOffer => ({
  id: row.id,
  productId: row.product_id,
  product: row.product,
  name: row.name,
  type: row.type,
  billingType: row.billing_type,
  priceCents: row.price_cents,
  currency: row.currency,
  durationUnit: row.duration_unit,
  durationCount: row.duration_count,
  freeTrialDays: row.free_trial_days,
  promo:
    row.promo_price_cents === null
      ? null
      : {
          priceCents: row.promo_price_cents,
          startDate: row.promo_start_date,
          endDate: row.promo_end_date,
          durationDays: row.promo_duration_days,
        },
  sku: row.sku,
  purchaseHours: row.purchase_hours,
  hiddenAt: row.hidden_at,
  replacedBy: row.replaced_by,
});

/** A date as every stored date reads: ISO in UTC. */
const utc = (date: string | null) => (date === null ? null : new Date(date).toISOString());

/**
 * Offers in the console: the list (decision 090), new terms for new subscribers as a new offer,
 * hiding and showing one (decision 099). Each change is audited with the offer rows before and after.
 */
export function registerOfferRoutes(route: AdminRoute, deps: { offers: () => OfferDesk; audit: AuditLog }) {
  const recorder =
    (caller: StaffCaller, request: FastifyRequest, action: string, id: number): RecordOfferChange =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          target: { type: 'offer', id },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );

  route(adminEndpoints.listOffers, async () => ({ offers: (await deps.offers().list()).map(toAdminOffer) }));

  route(adminEndpoints.replaceOffer, async ({ params, body, caller, request }) => {
    const terms: NewOfferTerms = {
      ...body,
      promo: body.promo && { ...body.promo, startDate: utc(body.promo.startDate), endDate: utc(body.promo.endDate) },
    };
    const done = await deps.offers().replace(params.id, terms, recorder(caller, request, 'offer.replace', params.id));
    return { offer: toAdminOffer(done.offer), replaced: toAdminOffer(done.replaced) };
  });

  route(adminEndpoints.hideOffer, async ({ params, caller, request }) => {
    const done = await deps.offers().hide(params.id, recorder(caller, request, 'offer.hide', params.id));
    return { offer: toAdminOffer(done.offer), repeated: done.repeated };
  });

  route(adminEndpoints.showOffer, async ({ params, caller, request }) => {
    const done = await deps.offers().show(params.id, recorder(caller, request, 'offer.show', params.id));
    return { offer: toAdminOffer(done.offer), repeated: done.repeated };
  });
}
