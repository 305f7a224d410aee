import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { oneOffOf, periodEnd, productOf } from '../store-products';
import { AMAZON_RTN_SANDBOX_TOPIC, snsConfirmation, snsNotification, snsSandboxSigner } from './sns';

export interface AmazonRvsOptions {
  /** The developer shared secret the Receipt Verification Service accepts. */
  developerSecret: string;
  /** Where the Real-Time Notifications are delivered (the server's callback); unset: none. */
  notifyUrl?: string;
  /** This stand-in's own URL, for the signing certificate's SigningCertURL. */
  selfUrl?: string;
  packageName?: string;
  log?: (line: string) => void;
}

const CERT_PATH = '/sns/SimpleNotificationService-sandbox.pem';

interface Receipt {
  receiptId: string;
  userId: string;
  productId: string;
  termSku: string;
  term: string;
  /** CONSUMABLE: a rental or a pass (decision 093), bought again with the same SKU. */
  productType: 'SUBSCRIPTION' | 'CONSUMABLE';
  purchaseDate: number;
  renewalDate: number;
  cancelDate: number | null;
  autoRenewing: boolean;
  /** App Tester and Live App Testing purchases: no money moved. */
  testTransaction: boolean;
  /** The end of the free trial, while the first term is one. */
  freeTrialEndDate: number | null;
  period: 'week' | 'month';
}

/**
 * A stand-in for Amazon's Receipt Verification Service (Fire TV, spec 3 §4 Amazon flow):
 * GET /version/1.0/verifyReceiptId/developer/{secret}/user/{userId}/receiptId/{receiptId}, with
 * Amazon's status codes (400 bad receipt, 496 bad secret, 497 bad user). Test hooks play the
 * Appstore purchase and the viewer's cancel.
 */
export async function amazonRvsServer(app: FastifyInstance, options: AmazonRvsOptions) {
  const receipts = new Map<string, Receipt>();

  /** The SNS signing certificate, where SigningCertURL points (decision 085). */
  app.get(CERT_PATH, async (_request, reply) =>
    reply.type('application/x-pem-file').send((await snsSandboxSigner()).certificatePem),
  );

  /**
   * Amazon's RTN server publishes to SNS, which delivers to the server's endpoint as text/plain
   * JSON, signed. The server reads the receipt again at the RVS, so the type only names the change.
   */
  async function deliver(fields: Record<string, string>) {
    if (!options.notifyUrl) return null;
    const body = JSON.stringify(fields);
    let status: number | null = null;
    try {
      const response = await fetch(options.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': fields.Type ?? '' },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      if (!response.ok) options.log?.(`amazon notification answered ${response.status}`);
    } catch (error) {
      options.log?.(`amazon notification failed: ${(error as Error).message}`);
    }
    return { url: options.notifyUrl, status, body, messageId: fields.MessageId };
  }

  /** The endpoint was registered in the developer console: SNS sends its confirmation first. */
  app.post('/_test/register-endpoint', async () => ({
    notification:
      options.notifyUrl && options.selfUrl
        ? await deliver(
            await snsConfirmation({ topicArn: AMAZON_RTN_SANDBOX_TOPIC, certUrl: `${options.selfUrl}${CERT_PATH}` }),
          )
        : null,
  }));

  async function notify(receipt: Receipt, notificationType: string, forged: boolean) {
    if (!options.notifyUrl || !options.selfUrl) return null;
    const fields = await snsNotification(
      {
        appPackageName: options.packageName ?? 'fr.playz.firetv',
        notificationType,
        appUserId: receipt.userId,
        receiptId: receipt.receiptId,
        relatedReceipts: {},
        timestamp: Date.now(),
        betaProductTransaction: receipt.testTransaction,
      },
      { topicArn: AMAZON_RTN_SANDBOX_TOPIC, certUrl: `${options.selfUrl}${CERT_PATH}`, forged },
    );
    return deliver(fields);
  }

  // A wildcard, not path parameters: receipt ids are longer than a host's parameter limit.
  app.get<{ Params: { '*': string } }>('/version/1.0/verifyReceiptId/developer/*', async (request, reply) => {
    const match = /^([^/]+)\/user\/([^/]+)\/receiptId\/([^/]+)$/.exec(request.params['*']);
    if (!match) return reply.code(400).send({ message: 'Invalid request', status: false });
    const [secret, userId, receiptId] = match.slice(1).map((part) => decodeURIComponent(part)) as [
      string,
      string,
      string,
    ];
    if (secret !== options.developerSecret)
      return reply.code(496).send({ message: 'Invalid developer secret', status: false });
    const receipt = receipts.get(receiptId);
    if (!receipt) return reply.code(400).send({ message: 'Invalid receiptId', status: false });
    if (receipt.userId !== userId) return reply.code(497).send({ message: 'Invalid userId', status: false });
    const { period: _period, ...body } = receipt;
    if (receipt.productType === 'CONSUMABLE') {
      // A consumable's receipt has no term nor renewal (Amazon's RVS for CONSUMABLE).
      const { termSku: _t, term: _term, renewalDate: _r, autoRenewing: _a, freeTrialEndDate: _f, ...consumable } = body;
      return { ...consumable, betaProduct: false, parentProductId: null, quantity: 1 };
    }
    return { ...body, betaProduct: false, parentProductId: null, quantity: 1 };
  });

  // --- Test hooks: the Appstore purchase on the Fire TV and the viewer's actions at Amazon. ---

  /**
   * The device bought `sku` for the Amazon user: answers the PurchaseResponse the bridge gives.
   * The stand-in's buyers are testers (`test` false plays a real purchase); `freeTrial` starts
   * with the product's free trial.
   */
  app.post('/_test/purchase', async (request, reply) => {
    const b = (request.body ?? {}) as {
      userId?: string;
      sku?: string;
      status?: string;
      test?: boolean;
      freeTrial?: boolean;
    };
    const product = productOf(String(b.sku));
    const oneOff = oneOffOf(String(b.sku));
    if ((!product && !oneOff) || !b.userId) return reply.code(422).send({ error: 'unknown sku or no userId' });
    const now = new Date();
    if (!product && oneOff) {
      const consumable: Receipt = {
        receiptId: `q1YqVbJSyjH28DGPMDFU0lEqBrGNLc0MjI2MjYxNDI0N7bQUcpKTM7OVrIyMjI1MjYyMjI2ATGMLY0MjS2MjQwMgEAC${randomBytes(6).toString('hex')}`,
        userId: b.userId,
        productId: oneOff.sku,
        termSku: oneOff.sku,
        term: '',
        productType: 'CONSUMABLE',
        purchaseDate: now.getTime(),
        renewalDate: 0,
        cancelDate: null,
        autoRenewing: false,
        testTransaction: b.test !== false,
        freeTrialEndDate: null,
        period: 'month',
      };
      receipts.set(consumable.receiptId, consumable);
      return {
        requestId: randomBytes(8).toString('hex'),
        status: b.status ?? 'SUCCESSFUL',
        userData: { userId: b.userId, marketplace: 'FR' },
        purchaseReceipt: {
          receiptId: consumable.receiptId,
          sku: oneOff.sku,
          itemType: 'CONSUMABLE',
          purchaseDate: consumable.purchaseDate,
          cancelDate: null,
        },
      };
    }
    if (!product) return reply.code(422).send({ error: 'unknown sku' });
    const receipt: Receipt = {
      receiptId: `q1YqVbJSyjH28DGPMDFU0lEqBrGNLc0MjI2MjYxNDI0N7bQUcpKTM7OVrIyMjI1MjYyMjI2ATGMLY0MjS2MjQwMgEAR${randomBytes(6).toString('hex')}`,
      userId: b.userId,
      productId: 'playz_subscription',
      termSku: product.sku,
      term: product.period === 'week' ? '1 Week' : '1 Month',
      productType: 'SUBSCRIPTION',
      purchaseDate: now.getTime(),
      renewalDate: periodEnd(now, product.period).getTime(),
      cancelDate: null,
      autoRenewing: true,
      testTransaction: b.test !== false,
      freeTrialEndDate: b.freeTrial ? now.getTime() + 7 * 86_400_000 : null,
      period: product.period,
    };
    receipts.set(receipt.receiptId, receipt);
    return {
      requestId: randomBytes(8).toString('hex'),
      status: b.status ?? 'SUCCESSFUL',
      userData: { userId: b.userId, marketplace: 'FR' },
      purchaseReceipt: {
        receiptId: receipt.receiptId,
        sku: receipt.termSku,
        itemType: 'SUBSCRIPTION',
        purchaseDate: receipt.purchaseDate,
        cancelDate: null,
        termSku: receipt.termSku,
      },
    };
  });

  /** The viewer cancelled at Amazon: cancelDate is the end of the paid term (or now, `ended`). */
  app.post('/_test/cancel', async (request, reply) => {
    const b = (request.body ?? {}) as { receiptId?: string; ended?: boolean; forged?: boolean };
    const receipt = receipts.get(String(b.receiptId));
    if (!receipt) return reply.code(404).send({ error: 'not found' });
    if (receipt.productType === 'CONSUMABLE') {
      // Amazon refunded or revoked the consumable: its receipt gets a cancelDate.
      receipt.cancelDate = Date.now() - 1000;
      return { ...receipt, notification: await notify(receipt, 'CONSUMABLE_CANCELLED', b.forged === true) };
    }
    receipt.cancelDate = b.ended ? Date.now() - 1000 : receipt.renewalDate;
    receipt.autoRenewing = false;
    return { ...receipt, notification: await notify(receipt, 'SUBSCRIPTION_CANCELLED', b.forged === true) };
  });

  /** Amazon renewed the subscription: the renewal date moves one term. */
  app.post('/_test/renew', async (request, reply) => {
    const b = (request.body ?? {}) as { receiptId?: string; forged?: boolean };
    const receipt = receipts.get(String(b.receiptId));
    if (!receipt) return reply.code(404).send({ error: 'not found' });
    receipt.renewalDate = periodEnd(new Date(receipt.renewalDate), receipt.period).getTime();
    receipt.freeTrialEndDate = null;
    return { ...receipt, notification: await notify(receipt, 'SUBSCRIPTION_RENEWED', b.forged === true) };
  });
}
