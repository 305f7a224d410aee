import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { ProviderEvent } from '../payment-provider';
import { ReceiptNotValidError, type VerifiedPurchase, type VerifiedReceipt } from '../store-provider';
import {
  eventsOfRead,
  purchaseRefundEvent,
  refundEvent,
  type NotifiedSubscription,
  type StoreNotifications,
} from '../../store-notifications/store-notifications';
import type { GooglePlayPushConfig } from './config';

/** Google's issuers of OIDC tokens (Pub/Sub push tokens say the first). */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** SubscriptionNotification.notificationType values of the real-time developer notifications. */
const RTDN = {
  RECOVERED: 1,
  RENEWED: 2,
  CANCELED: 3,
  PURCHASED: 4,
  RESTARTED: 7,
  REVOKED: 12,
  EXPIRED: 13,
} as const;
const RTDN_NAMES: Record<number, string> = Object.fromEntries(Object.entries(RTDN).map(([k, v]) => [v, k]));

/** A Pub/Sub push request's body. */
interface PushBody {
  message?: { data?: unknown; messageId?: unknown; message_id?: unknown };
  subscription?: unknown;
}

/** The decoded `message.data`: a DeveloperNotification. */
interface DeveloperNotification {
  packageName?: string;
  subscriptionNotification?: { notificationType?: number; purchaseToken?: string; subscriptionId?: string };
  voidedPurchaseNotification?: { purchaseToken?: string; orderId?: string; productType?: number };
  testNotification?: unknown;
}

function developerNotification(body: PushBody): { id: string; notification: DeveloperNotification } | null {
  const message = body?.message;
  const id = message?.messageId ?? message?.message_id;
  if (typeof id !== 'string' || !id || typeof message?.data !== 'string') return null;
  try {
    const notification = JSON.parse(Buffer.from(message.data, 'base64').toString('utf8')) as unknown;
    if (!notification || typeof notification !== 'object' || Array.isArray(notification)) return null;
    return { id, notification: notification as DeveloperNotification };
  } catch {
    return null;
  }
}

/**
 * Checks the push's OIDC token (Authorization: Bearer): signed by Google, for our audience, issued
 * to the push subscription's service account with a verified email. Answers whether it holds.
 */
export function googlePushVerifier(config: GooglePlayPushConfig, keys?: JWTVerifyGetKey) {
  const jwks = keys ?? createRemoteJWKSet(new URL(config.certsUrl));
  return async (authorization: string | undefined): Promise<boolean> => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return false;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: config.audience,
        algorithms: ['RS256'],
      });
      return payload.email === config.serviceAccountEmail && payload.email_verified === true;
    } catch {
      return false;
    }
  };
}

/**
 * Google Play's real-time developer notifications (POST /billing/callbacks/google-play, decision
 * 085): a Pub/Sub push whose OIDC token is checked; a notification only says that a purchase
 * changed, so the purchase is read again with the Play Developer API and its state decides (as
 * Google asks), never the message's words alone. The token is not bound to the body: what a
 * stolen one could send still changes nothing Google's own read does not confirm.
 */
export function registerGooglePlayNotifications(
  app: FastifyInstance,
  deps: {
    push: GooglePlayPushConfig;
    packageName: string;
    notifications: StoreNotifications;
    /** The purchase as Google states it now (ReceiptNotValidError: Google does not know it). */
    read: (purchaseToken: string) => Promise<VerifiedReceipt>;
    /** A one-off product's purchase as Google states it now (decision 093). */
    readPurchase: (productId: string, purchaseToken: string) => Promise<VerifiedPurchase>;
    keys?: JWTVerifyGetKey;
  },
) {
  const verified = googlePushVerifier(deps.push, deps.keys);
  const BILLING_TYPE = 'GooglePlay' as const;

  const eventsOf =
    (id: string, type: number | 'VOIDED', token: string) =>
    async (sub: NotifiedSubscription): Promise<ProviderEvent[] | string> => {
      let receipt: VerifiedReceipt;
      try {
        receipt = await deps.read(token);
      } catch (error) {
        if (error instanceof ReceiptNotValidError) return `Google does not know the purchase (${error.message})`;
        throw error;
      }
      if (type === RTDN.REVOKED || type === 'VOIDED') {
        // A revoked or voided purchase no longer gives access at Google: believe the read only.
        if (receipt.active) return 'Google still gives access to this purchase: not revoked';
        const refund = refundEvent(BILLING_TYPE, id, token, sub, receipt.amountCents, 'revoked at the store');
        return typeof refund === 'string' ? refund : [refund];
      }
      if ([RTDN.RECOVERED, RTDN.RENEWED, RTDN.RESTARTED, RTDN.CANCELED].includes(type as 1))
        return eventsOfRead(BILLING_TYPE, id, receipt, sub);
      return 'type not used';
    };

  app.post('/billing/callbacks/google-play', { config: { access: 'provider-signature' } }, async (request, reply) => {
    if (!(await verified(request.headers.authorization))) {
      request.log.warn('google play notification without a valid Pub/Sub token refused');
      return reply.code(401).send({ error: 'unauthenticated' });
    }
    const parsed = developerNotification(request.body as PushBody);
    if (!parsed) return reply.code(400).send({ error: 'not a Pub/Sub push of a developer notification' });
    const { id, notification } = parsed;
    // Pub/Sub retries until a 2xx: what is not ours is acknowledged, and said in the log.
    if (notification.packageName !== deps.packageName) {
      request.log.warn({ notification: id }, 'google play notification of another app acknowledged');
      return reply.code(200).send({ received: true, outcome: 'another app' });
    }
    const sub = notification.subscriptionNotification;
    const voided = notification.voidedPurchaseNotification;
    // A voided one-time product (productType 2): a rental or a pass bought here (decision 093).
    if (!sub && voided?.productType === 2 && typeof voided.purchaseToken === 'string' && voided.purchaseToken)
      try {
        const token = voided.purchaseToken;
        const result = await deps.notifications.receivePurchase({
          ...{ billingType: BILLING_TYPE, notificationId: id, type: 'VOIDED_PURCHASE', transactionRef: token },
          events: async (purchase) => {
            let read: VerifiedPurchase;
            try {
              read = await deps.readPurchase(purchase.sku, token);
            } catch (error) {
              if (error instanceof ReceiptNotValidError) return `Google does not know the purchase (${error.message})`;
              throw error;
            }
            // The read decides: a purchase Google still honours was not voided.
            if (read.active) return 'Google still honours this purchase: not voided';
            const refund = purchaseRefundEvent(BILLING_TYPE, id, purchase, null, 'voided at the store');
            return typeof refund === 'string' ? refund : [refund];
          },
        });
        return reply.code(200).send({ received: true, ...result });
      } catch (error) {
        request.log.error({ err: error, notification: id }, 'google play notification not handled yet');
        return reply.code(503).send({ error: 'try again later' });
      }
    const token = sub?.purchaseToken ?? (voided?.productType === 1 ? voided.purchaseToken : undefined);
    if (typeof token !== 'string' || !token)
      return reply.code(200).send({ received: true, outcome: notification.testNotification ? 'test' : 'not used' });
    const type = sub ? Number(sub.notificationType) : 'VOIDED';
    try {
      const result = await deps.notifications.receive({
        billingType: BILLING_TYPE,
        notificationId: id,
        type: typeof type === 'number' ? (RTDN_NAMES[type] ?? `type ${type}`) : 'VOIDED_PURCHASE',
        subscriptionRef: token,
        events: eventsOf(id, type, token),
      });
      return reply.code(200).send({ received: true, ...result });
    } catch (error) {
      // Google's API unreachable: Pub/Sub delivers again later, and the same id applies once then.
      request.log.error({ err: error, notification: id }, 'google play notification not handled yet');
      return reply.code(503).send({ error: 'try again later' });
    }
  });
}
