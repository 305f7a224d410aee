/**
 * spec 2 §9 "Fire TV mapping: Android 5 to 5.0, 7 to 6.0, 9 or newer to 7.0": Fire OS reports the
 * Android release it is built on; the device's system version is the Fire OS one. Android releases
 * the spec does not name (6, 8, below 5) have no Fire OS build: the Android release is kept.
 */
export function fireOsVersionOf(androidRelease: string): string {
  const major = Number.parseInt(androidRelease, 10);
  if (Number.isNaN(major)) return androidRelease;
  if (major >= 9) return '7.0';
  if (major === 7) return '6.0';
  if (major === 5) return '5.0';
  return androidRelease;
}
