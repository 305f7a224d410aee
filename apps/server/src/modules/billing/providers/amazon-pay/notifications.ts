import { verify, X509Certificate } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ProviderEvent } from '../payment-provider';
import { ReceiptNotValidError, type VerifiedPurchase, type VerifiedReceipt } from '../store-provider';
import {
  eventsOfRead,
  purchaseRefundEvent,
  type NotifiedSubscription,
  type StoreNotifications,
} from '../../store-notifications/store-notifications';
import type { AmazonRtnConfig } from './config';

const BILLING_TYPE = 'AmazonPay' as const;

type SnsMessage = Record<string, string | undefined>;

/** The fields SNS signs, in its order (its "string to sign" of a notification or a confirmation). */
function stringToSign(m: SnsMessage): string {
  const fields =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields
    .filter((f) => m[f] !== undefined)
    .map((f) => `${f}\n${m[f]}\n`)
    .join('');
}

/** SNS posts its JSON as text/plain: the body arrives as a string, or parsed where it said JSON. */
function snsMessageOf(body: unknown): SnsMessage | null {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const message: SnsMessage = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') message[k] = v;
  return message;
}

/**
 * Checks an SNS message as AWS documents it: the signing certificate only from SNS's own hosts
 * (fetched once per URL), SignatureVersion 1 (SHA1withRSA) or 2 (SHA256withRSA) over the canonical
 * fields, and our topic — any AWS account can sign messages of its own topics.
 */
export function snsVerifier(config: AmazonRtnConfig) {
  const certificates = new Map<string, Promise<X509Certificate>>();
  const certificateOf = (url: string) => {
    let pending = certificates.get(url);
    if (!pending) {
      pending = fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' }).then(async (response) => {
        if (!response.ok) throw new Error(`SNS certificate answered HTTP ${response.status}`);
        return new X509Certificate(await response.text());
      });
      // A failed fetch is asked again next time.
      pending.catch(() => certificates.delete(url));
      certificates.set(url, pending);
    }
    return pending;
  };
  return async (m: SnsMessage): Promise<boolean> => {
    const algorithm = m.SignatureVersion === '1' ? 'sha1' : m.SignatureVersion === '2' ? 'sha256' : null;
    if (!algorithm || !m.Signature || !m.SigningCertURL || !config.certUrlAllowed(m.SigningCertURL)) return false;
    if (m.TopicArn !== config.topicArn) return false;
    if (m.Type !== 'Notification' && m.Type !== 'SubscriptionConfirmation') return false;
    try {
      const certificate = await certificateOf(m.SigningCertURL);
      if (Date.parse(certificate.validTo) < Date.now()) return false;
      return verify(algorithm, Buffer.from(stringToSign(m)), certificate.publicKey, Buffer.from(m.Signature, 'base64'));
    } catch {
      return false;
    }
  };
}

interface RtnMessage {
  appPackageName?: string;
  notificationType?: string;
  appUserId?: string;
  receiptId?: string;
}

/**
 * Amazon's Real-Time Notifications (POST /billing/callbacks/amazon-pay, decision 085): SNS
 * deliveries whose signature, certificate host and topic are checked; the receipt is then read
 * again at the Receipt Verification Service, whose answer decides (Amazon's own advice), whatever
 * the notification's type. The confirmation message's token is logged for the developer console.
 */
export function registerAmazonNotifications(
  app: FastifyInstance,
  deps: {
    rtn: AmazonRtnConfig;
    notifications: StoreNotifications;
    /** The receipt as the RVS states it now (ReceiptNotValidError: Amazon does not know it). */
    read: (userId: string, receiptId: string) => Promise<VerifiedReceipt>;
    /** A consumable's or an entitlement's receipt as the RVS states it now (decision 093). */
    readPurchase: (userId: string, receiptId: string) => Promise<VerifiedPurchase>;
  },
) {
  const verified = snsVerifier(deps.rtn);

  const eventsOf =
    (id: string, userId: string, receiptId: string) =>
    async (sub: NotifiedSubscription): Promise<ProviderEvent[] | string> => {
      try {
        return eventsOfRead(BILLING_TYPE, id, await deps.read(userId, receiptId), sub);
      } catch (error) {
        if (error instanceof ReceiptNotValidError) return `Amazon does not know the receipt (${error.message})`;
        throw error;
      }
    };

  app.post('/billing/callbacks/amazon-pay', { config: { access: 'provider-signature' } }, async (request, reply) => {
    const message = snsMessageOf(request.body);
    if (!message || !(await verified(message))) {
      request.log.warn('amazon notification without a valid SNS signature of our topic refused');
      return reply.code(401).send({ error: 'bad_signature' });
    }
    if (message.Type === 'SubscriptionConfirmation') {
      // Amazon asks for this token in the developer console to confirm the endpoint.
      request.log.warn({ token: message.Token, topic: message.TopicArn }, 'amazon real-time notifications: confirm');
      return reply.code(200).send({ received: true, outcome: 'confirmation' });
    }
    let rtn: RtnMessage;
    try {
      rtn = JSON.parse(message.Message ?? '') as RtnMessage;
    } catch {
      return reply.code(200).send({ received: true, outcome: 'not used' });
    }
    const { appUserId, receiptId, notificationType = '' } = rtn ?? {};
    // A rental's or a pass's receipt (Amazon's CONSUMABLE_* and ENTITLEMENT_* types; decision 093):
    // the RVS read decides, and a receipt Amazon cancelled ends that purchase once.
    if (/^(CONSUMABLE|ENTITLEMENT)_/.test(notificationType) && appUserId && receiptId && message.MessageId)
      try {
        const id = message.MessageId;
        const result = await deps.notifications.receivePurchase({
          ...{ billingType: BILLING_TYPE, notificationId: id, type: notificationType },
          transactionRef: `${appUserId}/${receiptId}`,
          events: async (purchase) => {
            let read: VerifiedPurchase;
            try {
              read = await deps.readPurchase(appUserId, receiptId);
            } catch (error) {
              if (error instanceof ReceiptNotValidError) return `Amazon does not know the receipt (${error.message})`;
              throw error;
            }
            if (read.active) return 'Amazon still honours this receipt: not cancelled';
            const refund = purchaseRefundEvent(BILLING_TYPE, id, purchase, null, 'cancelled at Amazon');
            return typeof refund === 'string' ? refund : [refund];
          },
        });
        return reply.code(200).send({ received: true, ...result });
      } catch (error) {
        request.log.error({ err: error, notification: message.MessageId }, 'amazon notification not handled yet');
        return reply.code(503).send({ error: 'try again later' });
      }
    if (!notificationType.startsWith('SUBSCRIPTION_') || !appUserId || !receiptId || !message.MessageId)
      return reply.code(200).send({ received: true, outcome: 'not used' });
    try {
      const result = await deps.notifications.receive({
        ...{ billingType: BILLING_TYPE, notificationId: message.MessageId, type: notificationType },
        subscriptionRef: `${appUserId}/${receiptId}`,
        events: eventsOf(message.MessageId, appUserId, receiptId),
      });
      return reply.code(200).send({ received: true, ...result });
    } catch (error) {
      // The RVS unreachable: SNS delivers again later, and the same message applies once then.
      request.log.error({ err: error, notification: message.MessageId }, 'amazon notification not handled yet');
      return reply.code(503).send({ error: 'try again later' });
    }
  });
}
