import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { registerEndpoint } from '../../../../lib/register-endpoint';
import type { ProviderEvent } from '../payment-provider';
import {
  ReceiptNotValidError,
  storeRenewalEvent,
  startsOnDevice,
  toCents,
  type StoreProvider,
  type StoreRouteContext,
  type VerifiedReceipt,
} from '../store-provider';
import { OrangeFault, type OrangeAppshopClient, type OrangeSubscription, type OrangeViewer } from './client';

const BILLING_TYPE = 'OrangeAppshopTV' as const;
/** The message the box maps to I10-PLAYZ (spec 3 §8: OverQuotaFault gives I10, else I09). */
export const ORANGE_OVER_QUOTA = 'OverQuotaFault';

const refOf = (s: OrangeSubscription) => `${s.ise2}/${s.id}`;
const parseRef = (ref: string) => {
  const [ise2 = '', id = ''] = ref.split('/');
  return { ise2, id };
};

export function orangeReceipt(s: OrangeSubscription, now: Date): VerifiedReceipt {
  const end = new Date(s.endDate);
  return {
    subscriptionRef: refOf(s),
    termKey: `${s.id}:${s.endDate}`,
    sku: s.paramType,
    amountCents: toCents(s.price),
    currency: s.currency,
    expiresAt: end,
    active: end.getTime() > now.getTime(),
    renewing: s.status === 'active',
    providerRef: s.id,
  };
}

/** An Orange fault as the box must see it: OverQuotaFault apart (I10), the rest an I09 error. */
function orangeError(error: unknown): unknown {
  if (!(error instanceof OrangeFault)) return error;
  if (error.fault === 'AuthenticationFault' || error.fault === 'UnknownOfferFault')
    return new ReceiptNotValidError(error.message);
  return apiError(ApiErrorNumber.Error, error.fault === ORANGE_OVER_QUOTA ? ORANGE_OVER_QUOTA : error.message);
}

const viewerOf = (fields: Record<string, string | undefined>): OrangeViewer => ({
  paramType: fields.param_type ?? '',
  ise2: fields.ise2 ?? '',
  apitoken: fields.apitoken ?? '',
});

/**
 * The Orange app shop on the operator set-top box (spec 3 §4 Orange flow, §7 check / save /
 * unsubscribe with param_type, ise2, apitoken; decision 029). The box reads ise2 and apitoken
 * from Orange's wassup auth; save subscribes at the app shop server to server (the bill goes to
 * the Orange line), then the subscription is saved here like any store receipt.
 */
export function createOrangeAppshopProvider(deps: { client: OrangeAppshopClient }) {
  const { client } = deps;
  const provider: StoreProvider & {
    check(viewer: OrangeViewer): Promise<boolean>;
  } = {
    billingType: BILLING_TYPE,
    routeName: 'orange-appshoptv',
    start: async () => startsOnDevice(),
    status: async () => null,

    /** save subscribes (or finds the running subscription); check and unsubscribe only read it. */
    async verifyReceipt(fields) {
      const viewer = viewerOf(fields);
      try {
        if (fields.existing === '1') {
          const found = await client.check(viewer);
          if (!found.subscription) throw new ReceiptNotValidError('no app shop subscription for this line');
          return orangeReceipt(found.subscription, new Date());
        }
        return orangeReceipt(await client.subscribe(viewer), new Date());
      } catch (error) {
        throw orangeError(error);
      }
    },

    /**
     * A visitor is known by its ise2 (spec 3 §4, decision 089): Orange's check with the apitoken
     * the box's wassup auth gave confirms the pair, or answers AuthenticationFault (30).
     */
    async identifyVisitor(fields) {
      const viewer = viewerOf(fields);
      try {
        const found = await client.check(viewer);
        return { kind: 'orange-ise2', externalId: viewer.ise2, holds: found.subscribed };
      } catch (error) {
        throw orangeError(error);
      }
    },

    async check(viewer) {
      try {
        return (await client.check(viewer)).subscribed;
      } catch (error) {
        throw orangeError(error);
      }
    },

    /** Orange renews on the line's bill: a renewal is the subscription's end date moved forward. */
    async charge(charge): Promise<ProviderEvent> {
      const { ise2, id } = parseRef(charge.subscriptionRef);
      const receipt = orangeReceipt(await client.read(ise2, id), new Date());
      return storeRenewalEvent(BILLING_TYPE, charge, receipt, 'Orange has not renewed the subscription');
    },

    async cancel(subscriptionRef) {
      const { ise2, id } = parseRef(subscriptionRef);
      try {
        await client.unsubscribe(ise2, id);
        return 'cancelled';
      } catch (error) {
        if (error instanceof OrangeFault && error.fault === 'AlreadyCancelledFault') return 'alreadyCancelled';
        throw orangeError(error);
      }
    },

    async refund() {
      throw apiError(ApiErrorNumber.Error, 'Les remboursements Orange se font sur la facture Orange');
    },

    registerStoreRoutes(api: FastifyInstance, context: StoreRouteContext) {
      const routeName = 'orange-appshoptv';
      registerEndpoint(
        api,
        endpoints.checkOrangeAppshop,
        async ({ auth: caller, body, request, reply }) => {
          // A visitor's box signs in on its line's account (decision 089); a line Orange confirms
          // with nothing bought and no account yet stays a visitor (0), no account is made for it.
          const who = await context.signedIn(caller, request, reply, routeName, body, (line) => line.holds === true);
          if (!who) return { Result: 0 as const, Customer: await context.visitorCustomer(request) };
          const call = context.callOf(who, request, routeName, { ...body, existing: '1' }, 'restore');
          // ise2 / apitoken the app shop refuses are a bad receipt (30), not a fault of ours (never a 5xx).
          const holds = await provider.check(viewerOf(body)).catch((error: unknown) => {
            throw error instanceof ReceiptNotValidError ? apiError(ApiErrorNumber.ReceiptNotValid) : error;
          });
          // A subscription Orange holds but this account has not saved yet is saved now (restore).
          if (holds) await context.receive(call);
          return {
            Result: holds ? (1 as const) : (0 as const),
            Customer: await context.customerOf(await who.session()),
          };
        },
        context.opts,
      );
      registerEndpoint(
        api,
        endpoints.unsubscribeOrangeAppshop,
        async ({ auth, body, request }) => {
          const call = context.callOf(auth, request, routeName, { ...body, existing: '1' }, 'restore');
          // Bound to this account first (30 for another account's line), then stopped at Orange.
          await context.receive(call);
          const found = await client.check(viewerOf(body)).catch((e: unknown) => Promise.reject(orangeError(e)));
          if (!found.subscription) throw apiError(ApiErrorNumber.BillingNotFound);
          await provider.cancel(refOf(found.subscription));
          // Orange now reads it as not renewing: the same restore path applies the cancel once.
          await context.receive(call);
          return { Result: 1 as const, Customer: await context.customerOf(auth) };
        },
        context.opts,
      );
    },
  };
  return provider;
}
