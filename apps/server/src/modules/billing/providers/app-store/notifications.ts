import type { FastifyInstance } from 'fastify';
import type {
  JWSTransactionDecodedPayload,
  ResponseBodyV2DecodedPayload,
  SignedDataVerifier,
} from '@apple/app-store-server-library';
import { appleLibrary } from './apple-library';
import type { ProviderEvent } from '../payment-provider';
import {
  eventsOfRead,
  purchaseRefundEvent,
  refundEvent,
  type NotifiedSubscription,
  type StoreNotifications,
} from '../../store-notifications/store-notifications';
import type { VerifiedPurchase, VerifiedReceipt } from '../store-provider';

const BILLING_TYPE = 'AppleAppStore' as const;
/** StoreKit's one-off product types (the provider's list; not imported to keep the files apart). */
const ONE_OFF_TYPES = ['Consumable', 'Non-Consumable'];

/**
 * App Store Server Notifications v2 (POST /billing/callbacks/app-store, decision 085): the body's
 * `signedPayload` is a JWS checked by Apple's own SignedDataVerifier (x5c chain to the trusted
 * root, Apple's marker extensions, bundle id, environment), and so are the transaction and renewal
 * info it carries. A forged or unsigned one is refused (401) and changes nothing; Apple retries
 * what did not answer 200, so a notification not used, or about a purchase not saved here, is
 * acknowledged and recorded.
 */
export function registerAppStoreNotifications(
  app: FastifyInstance,
  deps: {
    verifier: () => Promise<SignedDataVerifier>;
    notifications: StoreNotifications;
    receiptOf: (transaction: JWSTransactionDecodedPayload, now: Date) => VerifiedReceipt;
    /** A one-off transaction as a purchase (decision 093). */
    purchaseOf: (transaction: JWSTransactionDecodedPayload) => VerifiedPurchase;
  },
) {
  async function eventsOf(
    payload: ResponseBodyV2DecodedPayload,
    transaction: JWSTransactionDecodedPayload | null,
    autoRenewOff: boolean,
    sub: NotifiedSubscription,
  ): Promise<ProviderEvent[] | string> {
    const id = payload.notificationUUID!;
    const type = String(payload.notificationType ?? '');
    const receipt = transaction ? deps.receiptOf(transaction, new Date()) : null;
    if (!receipt) return 'no transaction';
    switch (type) {
      case 'DID_RENEW':
        return eventsOfRead(BILLING_TYPE, id, { ...receipt, renewing: !autoRenewOff }, sub);
      case 'DID_CHANGE_RENEWAL_STATUS':
        // AUTO_RENEW_ENABLED again resumes a subscription cancelled here before its end (decision 093).
        return String(payload.subtype ?? '') === 'AUTO_RENEW_DISABLED'
          ? eventsOfRead(BILLING_TYPE, id, { ...receipt, active: false, renewing: false }, sub)
          : eventsOfRead(BILLING_TYPE, id, { ...receipt, renewing: !autoRenewOff }, sub);
      case 'REFUND': {
        const refund = refundEvent(
          BILLING_TYPE,
          id,
          receipt.subscriptionRef,
          sub,
          receipt.amountCents,
          'refunded by Apple',
        );
        return typeof refund === 'string' ? refund : [refund];
      }
      case 'REVOKE': {
        // Family Sharing withdrawn: the access ends, no money came from this customer for it.
        const refund = refundEvent(BILLING_TYPE, id, receipt.subscriptionRef, sub, 0, 'revoked by Apple');
        return typeof refund === 'string' ? refund : [refund];
      }
      default:
        return 'type not used';
    }
  }

  app.post('/billing/callbacks/app-store', { config: { access: 'provider-signature' } }, async (request, reply) => {
    const signed = (request.body as { signedPayload?: unknown } | null)?.signedPayload;
    if (typeof signed !== 'string' || !signed) {
      request.log.warn('app store notification without a signedPayload refused');
      return reply.code(401).send({ error: 'unsigned' });
    }
    const verifier = await deps.verifier();
    let payload: ResponseBodyV2DecodedPayload;
    let transaction: JWSTransactionDecodedPayload | null = null;
    let autoRenewOff = false;
    try {
      payload = await verifier.verifyAndDecodeNotification(signed);
      const data = payload.data;
      if (data?.signedTransactionInfo)
        transaction = await verifier.verifyAndDecodeTransaction(data.signedTransactionInfo);
      if (data?.signedRenewalInfo)
        autoRenewOff =
          Number((await verifier.verifyAndDecodeRenewalInfo(data.signedRenewalInfo)).autoRenewStatus) === 0;
    } catch (error) {
      if (!(error instanceof (await appleLibrary()).VerificationException)) throw error;
      request.log.warn({ status: error.status }, 'app store notification with a bad signature refused');
      return reply.code(401).send({ error: 'bad_signature' });
    }
    const id = payload.notificationUUID;
    const type = `${String(payload.notificationType ?? '')}${payload.subtype ? `/${String(payload.subtype)}` : ''}`;
    // A rental's or a pass's transaction (Consumable, Non-Consumable; decision 093): REFUND gives
    // its price back, REVOKE ends it with nothing given back; Apple's signature is the proof.
    if (id && transaction && ONE_OFF_TYPES.includes(String(transaction.type ?? ''))) {
      const bought = deps.purchaseOf(transaction);
      const kind = String(payload.notificationType ?? '');
      const result = await deps.notifications.receivePurchase({
        ...{ billingType: BILLING_TYPE, notificationId: id, type, transactionRef: bought.transactionRef },
        events: async (purchase) => {
          if (kind !== 'REFUND' && kind !== 'REVOKE') return 'type not used';
          const refund =
            kind === 'REFUND'
              ? purchaseRefundEvent(BILLING_TYPE, id, purchase, bought.amountCents, 'refunded by Apple')
              : purchaseRefundEvent(BILLING_TYPE, id, purchase, 0, 'revoked by Apple');
          return typeof refund === 'string' ? refund : [refund];
        },
      });
      return reply.code(200).send({ received: true, ...result });
    }
    const ref = transaction?.originalTransactionId;
    if (!id || !ref) return reply.code(200).send({ received: true, outcome: type === 'TEST' ? 'test' : 'not used' });
    const result = await deps.notifications.receive({
      ...{ billingType: BILLING_TYPE, notificationId: id, type, subscriptionRef: ref },
      events: (sub) => eventsOf(payload, transaction, autoRenewOff, sub),
    });
    return reply.code(200).send({ received: true, ...result });
  });
}
