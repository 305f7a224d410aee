import type { RemoteKey } from '@playz/platform';

/** The digit of a number key ('digit7' → '7'), or null for any other key. */
export function digitOf(key: RemoteKey): string | null {
  return key.startsWith('digit') ? key.slice(5) : null;
}
