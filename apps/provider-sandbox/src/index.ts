export { startProviderSandbox, SANDBOX_CLIENT, type ProviderSandbox } from './oidc-sandbox';
export { sandboxUsers, SANDBOX_PASSWORD, SANDBOX_PROVIDERS, type SandboxProviderId, type SandboxUser } from './users';
export { signInAtSandbox, signOnAtSandbox, type ProviderAnswer } from './sign-in';
export { APPLE_SANDBOX_KEY, type AppleNoticeType } from './sign-on/apple-stand-in';
export { FACEBOOK_SANDBOX_APPS } from './sign-on/facebook-stand-in';
export type { Revocation } from './sign-on/http';
export {
  paymentSandboxes,
  PAYMENT_SANDBOX_MERCHANTS,
  type PaymentSandboxName,
  type PaymentSandboxOptions,
  appleSandboxRootCertificate,
  googleSandboxPushToken,
  googleSandboxServiceAccount,
  STORE_SANDBOX_SECRETS,
} from './payments';
export { startPaymentSandbox, type PaymentSandbox } from './payments/standalone';
export {
  webPushSandbox,
  startWebPushSandbox,
  type WebPushSandbox,
  type ReceivedPushMessage,
} from './web-push/push-service';
