import type { AmazonConfig } from './config';

/** What the Receipt Verification Service answers for a receipt (v1.0). */
export interface AmazonReceipt {
  receiptId: string;
  productId: string;
  termSku?: string | null;
  productType: 'SUBSCRIPTION' | 'ENTITLED' | 'CONSUMABLE';
  purchaseDate: number;
  renewalDate?: number | null;
  cancelDate: number | null;
  autoRenewing?: boolean;
  testTransaction?: boolean;
  /** The end of the free trial while the subscription is in one. */
  freeTrialEndDate?: number | null;
}

/** An RVS answer that says the receipt, the user or our secret is not valid (400, 410, 496, 497). */
export class AmazonReceiptRefused extends Error {}

/** Amazon's Receipt Verification Service (server to server, the developer secret in the path). */
export function createAmazonRvsClient(config: AmazonConfig) {
  return {
    async verify(userId: string, receiptId: string): Promise<AmazonReceipt> {
      const url = `${config.url}/version/1.0/verifyReceiptId/developer/${encodeURIComponent(config.developerSecret)}/user/${encodeURIComponent(userId)}/receiptId/${encodeURIComponent(receiptId)}`;
      // spec 3 §9: Amazon response time-out 30000 ms.
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (response.status === 496) throw new Error('Amazon RVS refused our developer secret (496)');
      if ([400, 410, 497].includes(response.status))
        throw new AmazonReceiptRefused(`Amazon RVS answered ${response.status}`);
      if (!response.ok) throw new Error(`Amazon RVS answered HTTP ${response.status}`);
      return (await response.json()) as AmazonReceipt;
    },
  };
}
export type AmazonRvsClient = ReturnType<typeof createAmazonRvsClient>;
