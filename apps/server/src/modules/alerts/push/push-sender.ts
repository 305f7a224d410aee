import webpush from 'web-push';
import type { VapidKeys } from './web-push-config';

/** A browser's push subscription (the PushSubscription's endpoint and keys). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * - `sent`: the push service took it (201).
 * - `gone`: the push service no longer knows the subscription (404, 410): drop it (RFC 8030 §7.3).
 * - `failed`: anything else (a push service down, a refusal): kept, reported.
 */
export type PushOutcome = { outcome: 'sent' | 'gone' | 'failed'; status: number | null };

const TIMEOUT_MS = 10_000;

/**
 * Sends Web Push messages (RFC 8030) whose payload is encrypted for the browser (RFC 8291,
 * aes128gcm) and signed with the server's VAPID key (RFC 8292), by the `web-push` package. The
 * package builds the request; fetch sends it, with a time limit and without following redirects,
 * since the endpoint came from a client (decision 066).
 */
export function createPushSender(deps: { keys: VapidKeys; subject: string }) {
  const vapidDetails = { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey };
  return {
    publicKey: deps.keys.publicKey,
    async send(
      target: PushTarget,
      payload: string,
      opts: { ttlSeconds: number; topic?: string; urgency?: 'normal' | 'high' },
    ): Promise<PushOutcome> {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: opts.ttlSeconds, topic: opts.topic, urgency: opts.urgency, contentEncoding: 'aes128gcm' },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      let status: number;
      try {
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ?? undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        return { outcome: 'failed', status: null };
      }
      if (status === 404 || status === 410) return { outcome: 'gone', status };
      return { outcome: status >= 200 && status < 300 ? 'sent' : 'failed', status };
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
