export { startProviderSandbox, SANDBOX_CLIENT, type ProviderSandbox } from './oidc-sandbox';
export { sandboxUsers, SANDBOX_PASSWORD, SANDBOX_PROVIDERS, type SandboxProviderId, type SandboxUser } from './users';
export { signInAtSandbox } from './sign-in';
export {
  paymentSandboxes,
  PAYMENT_SANDBOX_MERCHANTS,
  type PaymentSandboxName,
  type PaymentSandboxOptions,
  appleSandboxRootCertificate,
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
