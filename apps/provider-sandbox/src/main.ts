import { startProviderSandbox } from './oidc-sandbox';
import { SANDBOX_PROVIDERS, sandboxUsers, type SandboxProviderId } from './users';

// `npm run sandbox`: the providers the server's development defaults point at (SSO_* settings).
const port = Number(process.env.SANDBOX_PORT ?? 4001);
const sandbox = await startProviderSandbox({ port, host: '0.0.0.0' });
for (const id of Object.keys(SANDBOX_PROVIDERS) as SandboxProviderId[]) {
  const users = sandboxUsers(id).map((u) => `${u.login} / ${u.password}`);
  console.log(`${SANDBOX_PROVIDERS[id].name}: ${sandbox.issuer(id)}  users: ${users.join(', ')}`);
}
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
