import path from 'node:path';
import { writeOutboxFile } from '../mail/outbox-file';

export interface SmsMessage {
  /** French mobile number, national form (0612345678). */
  to: string;
  /** The customer's operator (forgot-login dropdown id, spec 1 §2), for the gateway's routing. */
  operatorId: number;
  text: string;
}

/** One interface for every way an SMS leaves (ARCHITECTURE decision 5). */
export interface SmsAdapter {
  send(message: SmsMessage): Promise<void>;
}

/**
 * An HTTP SMS gateway (SMS_GATEWAY_URL): one JSON POST per message
 * `{to: "+33612345678", operator_id, text}`; credentials go in the URL's user info.
 */
export function createHttpSmsAdapter(gatewayUrl: string, fetchImpl: typeof fetch = fetch): SmsAdapter {
  const url = new URL(gatewayUrl);
  const auth = url.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
    : null;
  url.username = '';
  url.password = '';
  return {
    async send(message) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify({ to: `+33${message.to.slice(1)}`, operator_id: message.operatorId, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

export function createOutboxSmsAdapter(dataDir: string): SmsAdapter {
  const dir = path.join(dataDir, 'outbox', 'sms');
  return {
    async send(message) {
      await writeOutboxFile(dir, message);
    },
  };
}

export function createSmsAdapter(opts: { smsGatewayUrl: string | null; dataDir: string }): SmsAdapter {
  return opts.smsGatewayUrl ? createHttpSmsAdapter(opts.smsGatewayUrl) : createOutboxSmsAdapter(opts.dataDir);
}
