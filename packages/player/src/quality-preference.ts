import { normalizePreferredHeight } from '@playz/domain';

/** 'auto' lets adaptive bitrate decide; a number is a preferred height (spec 2 §4, §5). */
export type QualityPreference = 'auto' | number;

export const QUALITY_STORAGE_KEY = 'playz.player.quality';

function safeStorage(storage: Storage | null | undefined): Storage | null {
  if (storage !== undefined) return storage;
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when cookies are blocked; the preference then lasts for the page only.
    return null;
  }
}

/** The remembered preference (spec 2 §4 "the preference is remembered"); unknown heights fall back per §5. */
export function readQualityPreference(storage?: Storage | null): QualityPreference {
  const raw = safeStorage(storage)?.getItem(QUALITY_STORAGE_KEY);
  if (raw === null || raw === undefined || raw === 'auto') return 'auto';
  return normalizePreferredHeight(Number(raw));
}

export function writeQualityPreference(preference: QualityPreference, storage?: Storage | null): QualityPreference {
  const value = preference === 'auto' ? 'auto' : normalizePreferredHeight(preference);
  try {
    safeStorage(storage)?.setItem(QUALITY_STORAGE_KEY, String(value));
  } catch {
    // Quota or privacy mode: keep playing with the in-memory value.
  }
  return value;
}
