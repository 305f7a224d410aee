import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { checkVapid, decryptPushMessage } from './push-crypto';

/** A message as the browser's service worker would receive it, with what the sender asked of the push service. */
export interface ReceivedPushMessage {
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  contentEncoding: string;
  /** The bytes on the wire, to show they were not the payload in clear. */
  encryptedBytes: number;
  /** The VAPID public key that signed it (RFC 8292 `k`). */
  vapidKey: string;
}

interface Subscription {
  ua: { privateKey: Buffer; publicKey: Buffer; auth: Buffer };
  applicationServerKey: string | null;
  gone: boolean;
  messages: ReceivedPushMessage[];
}

/**
 * A push service and the browser behind it, in one stand-in (decision 066): what a demo or a test
 * has no real one of. `POST /subscriptions` is the browser's pushManager.subscribe() (its keys are
 * made here, optionally bound to an applicationServerKey); `POST /push/:id` is the push resource of
 * RFC 8030, which checks the VAPID authorization (RFC 8292) and decrypts the aes128gcm payload
 * (RFC 8291) as the browser would; `GET /subscriptions/:id/messages` is what the service worker got;
 * `DELETE /subscriptions/:id` ends a subscription, after which a push is answered 410 Gone.
 */
export async function webPushSandbox(app: FastifyInstance, opts: { nowSeconds?: () => number } = {}) {
  const subscriptions = new Map<string, Subscription>();
  const nowSeconds = opts.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/subscriptions', async (request, reply) => {
    const body = (request.body ?? {}) as { applicationServerKey?: string };
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const subscription: Subscription = {
      ua: { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth: randomBytes(16) },
      applicationServerKey: body.applicationServerKey ?? null,
      gone: false,
      messages: [],
    };
    subscriptions.set(id, subscription);
    const prefix = request.url.replace(/\/subscriptions$/, '');
    return reply.status(201).send({
      id,
      endpoint: `${originOf(request)}${prefix}/push/${id}`,
      keys: {
        p256dh: subscription.ua.publicKey.toString('base64url'),
        auth: subscription.ua.auth.toString('base64url'),
      },
    });
  });

  app.post<{ Params: { id: string } }>('/push/:id', async (request, reply) => {
    const subscription = subscriptions.get(request.params.id);
    if (!subscription) return reply.status(404).send({ error: 'no such subscription' });
    if (subscription.gone) return reply.status(410).send({ error: 'the subscription has ended' });
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return reply.status(400).send({ error: 'TTL header missing (RFC 8030 §5.2)' });
    const vapid = checkVapid(request.headers.authorization, {
      origin: originOf(request),
      nowSeconds: nowSeconds(),
      applicationServerKey: subscription.applicationServerKey,
    });
    if (!vapid.ok) return reply.status(vapid.status).send({ error: vapid.reason });
    const contentEncoding = String(request.headers['content-encoding'] ?? '');
    if (contentEncoding !== 'aes128gcm')
      return reply.status(415).send({ error: 'Content-Encoding must be aes128gcm (RFC 8291)' });
    const encrypted = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (encrypted.length > 4096) return reply.status(413).send({ error: 'payload over 4096 bytes' });
    let payload: Buffer;
    try {
      payload = decryptPushMessage(encrypted, subscription.ua);
    } catch (error) {
      return reply.status(400).send({ error: `does not decrypt: ${(error as Error).message}` });
    }
    subscription.messages.push({
      payload: payload.toString('utf8'),
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
      topic: (request.headers.topic as string | undefined) ?? null,
      contentEncoding,
      encryptedBytes: encrypted.length,
      vapidKey: vapid.publicKey,
    });
    return reply.status(201).header('location', `/messages/${randomUUID()}`).send();
  });

  app.get<{ Params: { id: string } }>('/subscriptions/:id/messages', async (request, reply) => {
    const subscription = subscriptions.get(request.params.id);
    if (!subscription) return reply.status(404).send({ error: 'no such subscription' });
    return { messages: subscription.messages };
  });

  app.delete<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => {
    const subscription = subscriptions.get(request.params.id);
    if (!subscription) return reply.status(404).send({ error: 'no such subscription' });
    subscription.gone = true;
    return reply.status(204).send();
  });
}

export interface WebPushSandbox {
  /** e.g. http://127.0.0.1:4003: subscriptions at /subscriptions, push resources at /push/<id>. */
  url: string;
  close(): Promise<void>;
}

/** The push stand-in on a port of its own, as a real push service is another host. */
export async function startWebPushSandbox(options: { port?: number; host?: string } = {}): Promise<WebPushSandbox> {
  const app = Fastify({ logger: false });
  await app.register(webPushSandbox);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as { port: number };
  return { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, close: () => app.close() };
}
