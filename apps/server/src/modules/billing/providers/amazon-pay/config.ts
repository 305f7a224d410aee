import { z } from 'zod';

/** Settings of the Amazon Appstore Receipt Verification Service (Fire TV, spec 3 §4 Amazon flow). */
export const amazonEnv = {
  /** https://appstore-sdk.amazon.com (or …/sandbox for App Tester); unset: the stand-in. */
  AMAZON_RVS_URL: z.url({ protocol: /^https?$/ }).optional(),
  AMAZON_DEVELOPER_SECRET: z.string().min(8).optional(),
  /**
   * The SNS topic Amazon's Real-Time Notifications come from (the TopicArn of the confirmation
   * message sent to our endpoint, decision 085). Unset: no Amazon notification is accepted.
   */
  AMAZON_RTN_TOPIC_ARN: z
    .string()
    .regex(/^arn:aws[\w-]*:sns:[\w-]+:\d{12}:[\w-]+$/)
    .optional(),
};

/** How an SNS delivery of the Real-Time Notifications is authenticated (decision 085). */
export interface AmazonRtnConfig {
  topicArn: string;
  /** Whether a SigningCertURL may be fetched and believed: Amazon SNS's own hosts, over https. */
  certUrlAllowed: (url: string) => boolean;
}

export interface AmazonConfig {
  url: string;
  developerSecret: string;
  /** Real-Time Notifications; null: none accepted. */
  rtn: AmazonRtnConfig | null;
  sandbox: boolean;
}

/** The stand-in's secret and SNS topic (apps/provider-sandbox STORE_SANDBOX_SECRETS.amazon). */
export const AMAZON_SANDBOX = {
  developerSecret: '2:amazon-rvs-sandbox-developer-secret',
  rtnTopicArn: 'arn:aws:sns:us-east-1:000000000000:playz-sandbox-rtn',
};

/** SNS signs with a certificate it serves from sns.<region>.amazonaws.com (.com.cn in China). */
export function isAmazonSnsCertUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === 'https:' &&
      /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(u.hostname) &&
      u.port === '' &&
      u.pathname.endsWith('.pem')
    );
  } catch {
    return false;
  }
}

export function amazonConfig(
  e: { [K in keyof typeof amazonEnv]?: string },
  publicUrl: string,
  sandboxAllowed: boolean,
): AmazonConfig | null {
  if (e.AMAZON_RVS_URL) {
    if (!e.AMAZON_DEVELOPER_SECRET) throw new Error('AMAZON_RVS_URL needs AMAZON_DEVELOPER_SECRET');
    return {
      url: e.AMAZON_RVS_URL.replace(/\/$/, ''),
      developerSecret: e.AMAZON_DEVELOPER_SECRET,
      rtn: e.AMAZON_RTN_TOPIC_ARN ? { topicArn: e.AMAZON_RTN_TOPIC_ARN, certUrlAllowed: isAmazonSnsCertUrl } : null,
      sandbox: false,
    };
  }
  if (!sandboxAllowed) return null;
  // The stand-in's SNS serves its run-time certificate under its own path.
  const certs = `${publicUrl}/sandbox/amazon-pay/sns/`;
  return {
    url: `${publicUrl}/sandbox/amazon-pay`,
    developerSecret: AMAZON_SANDBOX.developerSecret,
    rtn: { topicArn: AMAZON_SANDBOX.rtnTopicArn, certUrlAllowed: (url) => url.startsWith(certs) },
    sandbox: true,
  };
}
