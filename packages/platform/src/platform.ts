import { PLATFORMS, type DeviceType, type Platform } from '@playz/domain';

// spec 1 §1 "Supported platforms (Device.platform)": the list lives in @playz/domain so the
// server's common-parameter check and the clients agree on the spelling.
export { PLATFORMS };
export type { DeviceType, Platform };

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/**
 * Spec 1 §8 number 16 "platform not found": a `?platform=` value that is not one of the six.
 * Thrown, not guessed around, so a typo in a development URL is seen at once.
 */
export class PlatformNotFoundError extends Error {
  override readonly name = 'PlatformNotFoundError';
  readonly number = 16;
  constructor(readonly requested: string) {
    super(`Platform not found: ${JSON.stringify(requested)} (expected one of ${PLATFORMS.join(', ')})`);
  }
}
