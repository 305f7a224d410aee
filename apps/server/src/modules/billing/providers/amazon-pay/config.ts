import { z } from 'zod';

/** Settings of the Amazon Appstore Receipt Verification Service (Fire TV, spec 3 §4 Amazon flow). */
export const amazonEnv = {
  /** https://appstore-sdk.amazon.com (or …/sandbox for App Tester); unset: the stand-in. */
  AMAZON_RVS_URL: z.url({ protocol: /^https?$/ }).optional(),
  AMAZON_DEVELOPER_SECRET: z.string().min(8).optional(),
};

export interface AmazonConfig {
  url: string;
  developerSecret: string;
  sandbox: boolean;
}

/** The stand-in's secret (apps/provider-sandbox STORE_SANDBOX_SECRETS.amazon). */
export const AMAZON_SANDBOX = { developerSecret: '2:amazon-rvs-sandbox-developer-secret' };

export function amazonConfig(
  e: { [K in keyof typeof amazonEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): AmazonConfig | null {
  if (e.AMAZON_RVS_URL) {
    if (!e.AMAZON_DEVELOPER_SECRET) throw new Error('AMAZON_RVS_URL needs AMAZON_DEVELOPER_SECRET');
    return { url: e.AMAZON_RVS_URL.replace(/\/$/, ''), developerSecret: e.AMAZON_DEVELOPER_SECRET, sandbox: false };
  }
  if (!sandboxAllowed) return null;
  return { url: `${publicUrl}/sandbox/amazon-pay`, ...AMAZON_SANDBOX, sandbox: true };
}
