import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verify } from '../signed-json';
import { periodEnd, productOf, randomDigits } from '../store-products';

export interface BachatOptions {
  merchantId: string;
  secret: string;
}

interface Contract {
  contractId: string;
  externalContractId: string;
  customerRef: string;
  sku: string;
  price: number;
  currency: 'EUR';
  startDate: string;
  endDate: string;
  status: 'active' | 'cancelled';
  period: 'week' | 'month';
}

/**
 * A stand-in for BAchat, the BBox (Android TV) purchase service (spec 3 §4 BAchat, §7 bachat save
 * otp_code and deeplink): the merchant asks for the activation and cancellation links, the viewer
 * confirms on the BBox page which hands the app a one-time code, the merchant redeems the code for
 * the contract. Merchant calls are signed JSON (X-Merchant-Id, X-Timestamp, X-Signature).
 */
export async function bachatApi(app: FastifyInstance, options: BachatOptions) {
  const contracts = new Map<string, Contract>();
  const codes = new Map<string, string>();
  let serviceAvailable = true;

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  function authenticate(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> | null {
    const raw = typeof request.body === 'string' ? request.body : '';
    const ok =
      request.headers['x-merchant-id'] === options.merchantId &&
      verify(options.secret, request.headers['x-timestamp'] as string, request.headers['x-signature'] as string, raw);
    if (!ok) {
      void reply.code(401).send({ error: 'bad_signature' });
      return null;
    }
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  }

  /** The test hooks' bodies (this plugin reads JSON as text, for the signatures). */
  const hookBody = <T>(request: FastifyRequest): T =>
    (typeof request.body === 'string' && request.body ? JSON.parse(request.body) : {}) as T;

  const base = (request: FastifyRequest) => `${request.protocol}://${request.host}${app.prefix}`;

  app.post('/api/v1/deeplinks', async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const ref = encodeURIComponent(String(body.customerRef ?? ''));
    return {
      // BAchat answers the string "null" when the service can be sold on this box (spec 3 §4).
      ServiceNotAvailable: serviceAvailable ? 'null' : 'Service indisponible sur cette Bbox',
      UrlServiceActivation: `${base(request)}/activate?ref=${ref}`,
      UrlServiceCancellation: `${base(request)}/cancel?ref=${ref}`,
    };
  });

  app.post('/api/v1/otp/redeem', async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const contract = contracts.get(codes.get(String(body.otp_code)) ?? '');
    if (!contract) return reply.code(404).send({ error: 'otp_not_found' });
    return contract;
  });

  app.post('/api/v1/contracts/read', async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const contract = contracts.get(String(body.contractId));
    return contract ?? reply.code(404).send({ error: 'contract_not_found' });
  });

  app.post('/api/v1/contracts/cancel', async (request, reply) => {
    const body = authenticate(request, reply);
    if (!body) return reply;
    const contract = contracts.get(String(body.contractId));
    if (!contract) return reply.code(404).send({ error: 'contract_not_found' });
    if (contract.status === 'cancelled') return reply.code(409).send({ error: 'already_cancelled' });
    contract.status = 'cancelled';
    return contract;
  });

  // --- Test hooks: the viewer's confirmation on the BBox activation page, the box's state. ---
  app.post('/_test/activate', async (request, reply) => {
    // externalContractId: the BBox line's contract, the same for each activation made on that box
    // (how BAchat knows a viewer without a merchant account, spec 3 §4); a new one when not given.
    const b = hookBody<{ customerRef?: string; sku?: string; externalContractId?: string }>(request);
    const product = productOf(String(b.sku));
    if (!product) return reply.code(422).send({ error: 'unknown sku' });
    const now = new Date();
    const contract: Contract = {
      contractId: `BC${randomDigits(10)}`,
      externalContractId: b.externalContractId ?? `EXT-${randomBytes(5).toString('hex')}`,
      customerRef: String(b.customerRef ?? ''),
      sku: product.sku,
      price: product.priceCents / 100,
      currency: 'EUR',
      startDate: now.toISOString(),
      endDate: periodEnd(now, product.period).toISOString(),
      status: 'active',
      period: product.period,
    };
    contracts.set(contract.contractId, contract);
    const otp = randomDigits(8);
    codes.set(otp, contract.contractId);
    return { otp_code: otp, contractId: contract.contractId };
  });
  app.post('/_test/service-available', async (request) => {
    serviceAvailable = hookBody<{ available?: boolean }>(request).available !== false;
    return { serviceAvailable };
  });
}
