import { STORAGE_KEYS, readStored, writeStored } from './storage';

/**
 * Web launch parameters (spec 1 §2): `c` (campaign code) and `cuid` from the page URL are kept
 * for every later call; `cache_regen=1` is forwarded while it is in the URL.
 */
export function captureLaunchParams(search: string): void {
  const query = new URLSearchParams(search);
  const campaign = query.get('c');
  const cuid = query.get('cuid');
  if (campaign) writeStored(STORAGE_KEYS.campaign, campaign.slice(0, 64));
  if (cuid) writeStored(STORAGE_KEYS.cuid, cuid.slice(0, 64));
}

export function storedCampaignCode(): string | undefined {
  return readStored(STORAGE_KEYS.campaign) ?? undefined;
}

export function storedCuid(): string | undefined {
  return readStored(STORAGE_KEYS.cuid) ?? undefined;
}

export function wantsCacheRegen(search: string): boolean {
  return new URLSearchParams(search).get('cache_regen') === '1';
}
