import { generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface SandboxServiceAccount {
  client_email: string;
  private_key: string;
  publicKey: KeyObject;
}

let account: SandboxServiceAccount | null = null;

/**
 * The stand-in's Google service account (decision 029): an RSA key made once per process at run
 * time, never stored. The server in sandbox mode signs its OAuth assertions with the private key
 * (the service-account JSON a Play Console would give); the stand-in checks them with the public one.
 */
export function googleSandboxServiceAccount(): SandboxServiceAccount {
  if (!account) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    account = {
      client_email: 'playz-billing@playz-sandbox.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey,
    };
  }
  return account;
}
