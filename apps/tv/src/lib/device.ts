import { PLATFORMS, type Platform } from '@playz/domain';

const UDID_KEY = 'playz.tv.device_udid';

/** spec 2 §9, spec 3 §9: the operator set-top models with little memory. */
export const LOW_MEMORY_MODELS: readonly string[] = ['UHD86', 'UHD87'];

export interface DeviceIdentity {
  platform: Platform;
  udid: string;
  model: string | null;
}

function storedUdid(storage: Storage | null): string {
  const stored = storage?.getItem(UDID_KEY);
  if (stored) return stored;
  const udid = `tv-${crypto.randomUUID()}`;
  storage?.setItem(UDID_KEY, udid);
  return udid;
}

/**
 * The device as the common parameters describe it (spec 1 §7): platform, udid generated once and
 * kept (spec 1 §3), model. Until @playz/platform's detectPlatform and device identity are wired
 * (integrator, decision 035), development picks them with `/tv?platform=Tizen&model=UHD86`.
 */
export function deviceIdentity(search: string, storage: Storage | null): DeviceIdentity {
  const query = new URLSearchParams(search);
  const asked = query.get('platform');
  const platform = (PLATFORMS as readonly string[]).includes(asked ?? '') ? (asked as Platform) : 'Web';
  return { platform, udid: storedUdid(storage), model: query.get('model') };
}

/** The lighter page of decision 035: fewer rows, fewer images kept in memory. */
export function isLowMemory(device: Pick<DeviceIdentity, 'model'>): boolean {
  return device.model !== null && LOW_MEMORY_MODELS.includes(device.model.toUpperCase());
}
