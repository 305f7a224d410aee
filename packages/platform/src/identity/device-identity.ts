import type { DeviceType, Platform } from '../platform';
import type { PlatformGlobals } from '../globals';
import { ANDROID_INTERFACE, ORANGE_BRIDGE } from '../globals';
import { fireOsVersionOf } from './fire-os-version';
import type { KeyValueStorage } from './storage';

/** spec 1 §3 "Device identity: platform, type, udid, vendor, model, mac, system name, system version". */
export interface DeviceIdentity {
  platform: Platform;
  type: DeviceType;
  udid: string;
  vendor?: string;
  model?: string;
  mac?: string;
  systemName?: string;
  systemVersion?: string;
}

/** Same key as the web app's udid (apps/web/src/lib/storage.ts), so a browser keeps one udid. */
export const UDID_STORAGE_KEY = 'playz.device_udid';

export interface IdentityOptions {
  type?: DeviceType;
  globals?: PlatformGlobals;
  /** The udid maker; crypto.randomUUID by default. */
  newUdid?: () => string;
}

/**
 * spec 1 §3: the udid is "generated and stored locally if absent"; the hardware fields come from
 * the platform's API when it has one (Tizen productinfo / network, our Android wrapper, the Orange
 * bridge) and stay undefined otherwise — an emulated platform has no hardware to report.
 */
export function deviceIdentity(
  platform: Platform,
  storage: KeyValueStorage,
  options: IdentityOptions = {},
): DeviceIdentity {
  const udid = storedUdid(storage, options.newUdid ?? (() => crypto.randomUUID()));
  const type = options.type ?? (platform === 'Web' ? 'Desktop' : 'TV');
  const hardware = hardwareOf(platform, options.globals ?? {});
  return { platform, type, udid, ...hardware };
}

function storedUdid(storage: KeyValueStorage, newUdid: () => string): string {
  const stored = storage.getItem(UDID_STORAGE_KEY);
  if (stored && /^[\w.:-]{8,128}$/.test(stored)) return stored;
  const udid = newUdid();
  storage.setItem(UDID_STORAGE_KEY, udid);
  return udid;
}

type Hardware = Pick<DeviceIdentity, 'vendor' | 'model' | 'mac' | 'systemName' | 'systemVersion'>;

function hardwareOf(platform: Platform, globals: PlatformGlobals): Hardware {
  switch (platform) {
    case 'Tizen':
      return tizenHardware(globals);
    case 'AndroidTV':
    case 'FireOS':
      return androidHardware(platform, globals);
    case 'OrangeSTB': {
      const box = globals[ORANGE_BRIDGE];
      if (!box) return { vendor: 'Orange', systemName: 'OrangeSTB' };
      return { vendor: 'Orange', model: box.model, mac: box.mac, systemName: 'OrangeSTB', systemVersion: box.firmware };
    }
    case 'XBox':
      return { vendor: 'Microsoft', systemName: 'Xbox' };
    case 'Web':
      return {};
  }
}

function tizenHardware(globals: PlatformGlobals): Hardware {
  const info = globals.webapis?.productinfo;
  const version = safe(() => globals.tizen?.systeminfo?.getCapability('http://tizen.org/feature/platform.version'));
  return {
    vendor: 'Samsung',
    model: safe(() => info?.getRealModel?.() ?? info?.getModel?.()),
    mac: safe(() => globals.webapis?.network?.getMac?.()),
    systemName: 'Tizen',
    systemVersion: typeof version === 'string' ? version : undefined,
  };
}

function androidHardware(platform: 'AndroidTV' | 'FireOS', globals: PlatformGlobals): Hardware {
  const raw = safe(() => globals[ANDROID_INTERFACE]?.getDeviceInfo());
  const info = parseDeviceInfo(raw);
  const release = info.release;
  return {
    vendor: info.manufacturer ?? (platform === 'FireOS' ? 'Amazon' : undefined),
    model: info.model,
    mac: info.mac,
    systemName: platform === 'FireOS' ? 'Fire OS' : 'Android',
    systemVersion: release === undefined ? undefined : platform === 'FireOS' ? fireOsVersionOf(release) : release,
  };
}

interface AndroidDeviceInfo {
  manufacturer?: string;
  model?: string;
  release?: string;
  mac?: string;
  variant?: string;
}

/** The wrapper's JSON; anything malformed reads as "no hardware fields" rather than a crash. */
export function parseDeviceInfo(raw: unknown): AndroidDeviceInfo {
  if (typeof raw !== 'string') return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const pick = (key: string) => {
      const v = (value as Record<string, unknown>)[key];
      return typeof v === 'string' && v.length <= 128 ? v : typeof v === 'number' ? String(v) : undefined;
    };
    return {
      manufacturer: pick('manufacturer'),
      model: pick('model'),
      release: pick('release'),
      mac: pick('mac'),
      variant: pick('variant'),
    };
  } catch {
    return {};
  }
}

/** Device APIs throw when a privilege is missing; a missing field is better than no app. */
function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
