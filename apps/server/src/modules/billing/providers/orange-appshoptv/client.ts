import type { OrangeConfig } from './config';

export interface OrangeSubscription {
  id: string;
  ise2: string;
  paramType: string;
  price: number;
  currency: string;
  startDate: string;
  endDate: string;
  status: 'active' | 'cancelled';
}

/** A fault the app shop answered (OverQuotaFault, AuthenticationFault, UnknownOfferFault…). */
export class OrangeFault extends Error {
  constructor(
    readonly fault: string,
    message: string,
  ) {
    super(`Orange app shop ${fault}: ${message}`);
  }
}

export interface OrangeViewer {
  paramType: string;
  ise2: string;
  apitoken: string;
}

/** The Orange app shop billing API: JSON posts with our partner credentials (server to server). */
export function createOrangeAppshopClient(config: OrangeConfig) {
  async function call<T>(path: string, body: Record<string, string>): Promise<T> {
    const response = await fetch(`${config.url}/appshop/api/subscriptions/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-partner-id': config.partnerId,
        'x-partner-key': config.partnerKey,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { fault?: { name: string; message: string } };
    if (answer.fault) throw new OrangeFault(answer.fault.name, answer.fault.message);
    if (!response.ok) throw new Error(`Orange app shop ${path} answered HTTP ${response.status}`);
    return answer;
  }
  const viewer = (v: OrangeViewer) => ({ param_type: v.paramType, ise2: v.ise2, apitoken: v.apitoken });
  return {
    check: (v: OrangeViewer) =>
      call<{ subscribed: boolean; subscription: OrangeSubscription | null }>('check', viewer(v)),
    subscribe: async (v: OrangeViewer) =>
      (await call<{ subscription: OrangeSubscription }>('subscribe', viewer(v))).subscription,
    read: async (ise2: string, id: string) =>
      (await call<{ subscription: OrangeSubscription }>('read', { ise2, subscription_id: id })).subscription,
    unsubscribe: (ise2: string, id: string) => call('unsubscribe', { ise2, subscription_id: id }),
  };
}
export type OrangeAppshopClient = ReturnType<typeof createOrangeAppshopClient>;
