/** localStorage that never throws (privacy modes, blocked cookies): the app keeps working without it. */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Nothing to do: the value lives for this page only.
  }
}

export const STORAGE_KEYS = {
  deviceUdid: 'playz.device_udid',
  campaign: 'playz.c',
  cuid: 'playz.cuid',
  locale: 'playz.locale',
} as const;
