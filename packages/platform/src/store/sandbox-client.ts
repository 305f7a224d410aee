import { StoreBillingError } from './store-billing-error';

/**
 * The emulators' side of the store stand-ins (decision 029): `/_test` hooks that play the store's
 * purchase screen, under `<sandboxUrl>/<store>`. The server then verifies what the hook answered
 * against the same stand-in, as it would against the real store.
 */
export function sandboxClient(sandboxUrl: string, fetchImpl: typeof fetch = fetch) {
  const base = sandboxUrl.replace(/\/+$/, '');
  async function send<T>(method: 'GET' | 'POST', store: string, path: string, body?: object): Promise<T> {
    const response = await fetchImpl(`${base}/${store}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new StoreBillingError(
        'store',
        `${store} stand-in answered ${response.status} to ${path}: ${text.slice(0, 200)}`,
      );
    return JSON.parse(text) as T;
  }
  return {
    post: <T>(store: string, path: string, body: object) => send<T>('POST', store, path, body),
    get: <T>(store: string, path: string) => send<T>('GET', store, path),
  };
}
export type SandboxClient = ReturnType<typeof sandboxClient>;
