import { startProviderSandbox } from './oidc-sandbox';
import { startPaymentSandbox } from './payments/standalone';
import { SANDBOX_PROVIDERS, sandboxUsers, type SandboxProviderId } from './users';

// `npm run sandbox`: the providers the server's development defaults point at (SSO_* settings).
const port = Number(process.env.SANDBOX_PORT ?? 4001);
const sandbox = await startProviderSandbox({ port, host: '0.0.0.0' });
for (const id of Object.keys(SANDBOX_PROVIDERS) as SandboxProviderId[]) {
  const users = sandboxUsers(id).map((u) => `${u.login} / ${u.password}`);
  console.log(`${SANDBOX_PROVIDERS[id].name}: ${sandbox.issuer(id)}  users: ${users.join(', ')}`);
}
// The payment stand-ins on the next port: point DIRECT_PASS_URL, CARD_*, PAYPAL_API_URL there to
// exercise the "real provider" settings (README, Payments).
const payments = await startPaymentSandbox({ port: port + 1, host: '0.0.0.0' });
console.log(`Payments: ${payments.url}/direct-pass, /credit-card, /paypal and the stores`);
const stop = () => void Promise.all([sandbox.close(), payments.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
