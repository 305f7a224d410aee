import { createHmac } from 'node:crypto';
import type { BachatConfig } from './config';

export interface BachatContract {
  contractId: string;
  externalContractId: string;
  customerRef: string;
  sku: string;
  price: number;
  currency: string;
  startDate: string;
  endDate: string;
  status: 'active' | 'cancelled';
}

export interface BachatDeeplinks {
  ServiceNotAvailable: string;
  UrlServiceActivation: string;
  UrlServiceCancellation: string;
}

/** A BAchat answer 404 (unknown code or contract) or 409 (already cancelled). */
export class BachatRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`BAchat answered ${status} ${code}`);
  }
}

/** BAchat's merchant API: JSON posts signed hex HMAC-SHA-256 of `timestamp.body` (X-Signature). */
export function createBachatClient(config: BachatConfig) {
  async function call<T>(path: string, payload: object): Promise<T> {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(`${config.url}/api/v1/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-merchant-id': config.merchantId,
        'x-timestamp': String(timestamp),
        'x-signature': createHmac('sha256', config.secret).update(`${timestamp}.${body}`).digest('hex'),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 404 || response.status === 409) {
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      throw new BachatRefusal(response.status, answer.error ?? '');
    }
    if (!response.ok) throw new Error(`BAchat ${path} answered HTTP ${response.status}`);
    return (await response.json()) as T;
  }
  return {
    deeplinks: (customerRef: string) => call<BachatDeeplinks>('deeplinks', { customerRef }),
    redeem: (otpCode: string) => call<BachatContract>('otp/redeem', { otp_code: otpCode }),
    read: (contractId: string) => call<BachatContract>('contracts/read', { contractId }),
    cancel: (contractId: string) => call<BachatContract>('contracts/cancel', { contractId }),
  };
}
export type BachatClient = ReturnType<typeof createBachatClient>;
