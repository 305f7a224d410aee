import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { paypalId, uuid, type PaypalState } from './paypal-state';

export const AUTH_ALGO = 'SHA256withRSA';

/**
 * PayPal's webhook transmission signature: RSA-SHA256 over
 * `transmission_id|transmission_time|webhook_id|crc32(body)`, base64, with the certificate's URL in
 * PAYPAL-CERT-URL. The stand-in makes its own key at start; merchants ask it to verify, as they
 * ask PayPal (POST /v1/notifications/verify-webhook-signature).
 */
export function createWebhookSender(deps: { state: PaypalState; log: (line: string) => void }) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certId = `CERT-360caa42-${paypalId(8).toLowerCase()}`;
  const signed = (id: string, time: string, webhookId: string, body: string) =>
    `${id}|${time}|${webhookId}|${crc32(body)}`;

  return {
    certId,
    certificatePem: () => publicKey.export({ type: 'spki', format: 'pem' }).toString(),

    verify(input: {
      authAlgo: string;
      certUrl: string;
      transmissionId: string;
      transmissionTime: string;
      transmissionSig: string;
      webhookId: string;
      body: string;
    }): boolean {
      if (input.authAlgo !== AUTH_ALGO || !input.certUrl.endsWith(`/v1/notifications/certs/${certId}`)) return false;
      const verifier = createVerify('RSA-SHA256');
      verifier.update(signed(input.transmissionId, input.transmissionTime, input.webhookId, input.body));
      try {
        return verifier.verify(publicKey, input.transmissionSig, 'base64');
      } catch {
        return false;
      }
    },

    /**
     * Posts one event to the merchant's listener, retried like PayPal (here: now, +0.5 s, +2 s);
     * with the test switch on it is kept in `state.dropped` instead.
     */
    async send(input: {
      url: string;
      webhookId: string;
      apiBase: string;
      eventType: string;
      summary: string;
      resource: unknown;
    }) {
      const now = new Date().toISOString();
      const event = {
        id: `WH-${paypalId(8)}-${paypalId(17)}`,
        event_version: '1.0',
        create_time: now,
        resource_type: input.eventType.startsWith('BILLING.SUBSCRIPTION')
          ? 'subscription'
          : input.eventType.startsWith('PAYMENT.SALE')
            ? 'sale'
            : input.eventType === 'PAYMENT.CAPTURE.REFUNDED'
              ? 'refund'
              : 'capture',
        event_type: input.eventType,
        summary: input.summary,
        resource: input.resource,
      };
      const body = JSON.stringify(event);
      const transmissionId = uuid();
      const signer = createSign('RSA-SHA256');
      signer.update(signed(transmissionId, now, input.webhookId, body));
      const headers = {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': now,
        'paypal-transmission-sig': signer.sign(privateKey, 'base64'),
        'paypal-cert-url': `${input.apiBase}/v1/notifications/certs/${certId}`,
        'paypal-auth-algo': AUTH_ALGO,
      };
      if (deps.state.dropWebhooks) {
        deps.state.dropped.push({ url: input.url, headers, body });
        deps.log(`paypal webhook ${input.eventType} dropped (test switch)`);
        return false;
      }
      for (const delay of [0, 500, 2000]) {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        try {
          const response = await fetch(input.url, {
            method: 'POST',
            headers,
            body,
            signal: AbortSignal.timeout(10_000),
          });
          if (response.ok) return true;
          deps.log(`paypal webhook ${input.eventType} to ${input.url} answered ${response.status}`);
        } catch (error) {
          deps.log(`paypal webhook ${input.eventType} to ${input.url} failed: ${(error as Error).message}`);
        }
      }
      return false;
    },
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
