import { createHash } from 'node:crypto';
import { apiError, ApiErrorNumber } from '@playz/domain';
import type { CustomerAuth } from '../../../lib/access';
import { isAllowedPushEndpoint } from './push-endpoints';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository';

/** A subscription names its browser by its endpoint, which is a capability: stored, never logged; rows go by its hash. */
const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** Decoded length of a base64url key, or -1 when it is not base64url. */
function keyLength(value: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url').length : -1;
}

/**
 * A customer's browsers that asked for the alerts by Web Push (decision 066). Only endpoints of
 * the browsers' push services are taken (push-endpoints.ts), with the keys RFC 8291 encrypts for:
 * p256dh a P-256 point (65 bytes), auth a 16-byte secret.
 */
export function createPushSubscriptions(deps: {
  repo: PushSubscriptionsRepository;
  demo: boolean;
  publicKey: string | null;
  now: () => Date;
}) {
  return {
    publicKey: deps.publicKey,
    async subscribe(
      auth: CustomerAuth,
      body: { endpoint: string; p256dh: string; auth: string },
      locale: string,
    ): Promise<void> {
      // Without a key pair the service sends no push: saying yes would promise what never comes.
      if (!deps.publicKey) throw apiError(ApiErrorNumber.ServiceNotFound);
      if (!isAllowedPushEndpoint(body.endpoint, { demo: deps.demo })) throw apiError(ApiErrorNumber.BadParameter);
      if (keyLength(body.p256dh) !== 65 || Buffer.from(body.p256dh, 'base64url')[0] !== 4)
        throw apiError(ApiErrorNumber.BadParameter);
      if (keyLength(body.auth) !== 16) throw apiError(ApiErrorNumber.BadParameter);
      await deps.repo.save({
        id: idOf(body.endpoint),
        customerId: auth.customerId,
        sessionId: auth.sessionId,
        endpoint: body.endpoint,
        p256dh: body.p256dh.replace(/=+$/, ''),
        auth: body.auth.replace(/=+$/, ''),
        locale,
        createdAt: deps.now().toISOString(),
      });
    },
    /** Forgets the browser's subscription; 7 when this customer has none with that endpoint. */
    async unsubscribe(auth: CustomerAuth, endpoint: string): Promise<void> {
      if (!(await deps.repo.remove(auth.customerId, idOf(endpoint)))) throw apiError(ApiErrorNumber.NotFound);
    },
    /** Whether the server still pushes to this browser for this customer (a push service may have dropped it). */
    isSubscribed: (auth: CustomerAuth, endpoint: string) => deps.repo.has(auth.customerId, idOf(endpoint)),
  };
}
export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
