import type { DeviceType } from '@playz/domain';
import { STORAGE_KEYS, readStored, writeStored } from './storage';

function newUdid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Device udid: generated once and kept (spec 1 §3 "generated and stored locally if absent"). */
export function deviceUdid(): string {
  const stored = readStored(STORAGE_KEYS.deviceUdid);
  if (stored) return stored;
  const udid = newUdid();
  writeStored(STORAGE_KEYS.deviceUdid, udid);
  return udid;
}

function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** This browser's type, read once: every API call sends it (spec 1 §7 common parameters). */
let ownDeviceType: Exclude<DeviceType, 'TV'> | null = null;

export function detectDeviceType(ua?: string): Exclude<DeviceType, 'TV'> {
  if (ua === undefined) return (ownDeviceType ??= deviceTypeOf(userAgent()));
  return deviceTypeOf(ua);
}

function deviceTypeOf(ua: string): Exclude<DeviceType, 'TV'> {
  if (/iPad|Tablet|PlayBook|Silk/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'Tablet';
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(ua)) return 'Mobile';
  return 'Desktop';
}

export function isAppleWebKit(ua = userAgent()): boolean {
  const isIOS = /iPhone|iPad|iPod/i.test(ua);
  const isSafari = /Safari/i.test(ua) && !/Chrome|Chromium|CriOS|Edg|Firefox|FxiOS|Android/i.test(ua);
  return isIOS || isSafari;
}

/**
 * HLS on iOS and Safari, DASH everywhere else (spec 2 §4). The spec's "HTML5 on desktop" target
 * is a single progressive file; we keep desktop on DASH so the quality selector (Auto + heights)
 * has a ladder to choose from.
 */
export function streamTarget(ua = userAgent()): 'player_hls' | 'player_dash' {
  return isAppleWebKit(ua) ? 'player_hls' : 'player_dash';
}

/** What a browser tells of its device (spec 1 §3 Device identity: vendor, model, system). */
export interface WebDeviceHardware {
  vendor?: string;
  model?: string;
  systemName?: string;
  systemVersion?: string;
}

/**
 * The device fields of the common parameters (spec 1 §7) read from the user agent: the system and
 * its version, Apple's devices by name, and the model an Android browser states. A browser says no
 * more (no MAC address, no vendor of a PC or an Android phone): those are left out, not guessed.
 */
export function webDeviceHardware(ua = userAgent()): WebDeviceHardware {
  const version = (raw: string | undefined) => raw?.replace(/_/g, '.');
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(ua);
  if (apple) {
    const ios = /OS (\d+(?:_\d+)*) like Mac OS X/.exec(ua);
    return { vendor: 'Apple', model: apple[1], systemName: 'iOS', systemVersion: version(ios?.[1]) };
  }
  const android = /Android (\d+(?:\.\d+)*)(?:;\s*([^;)]+?))?(?:\s+Build\/[^;)]*)?[;)]/.exec(ua);
  if (android) {
    // Chrome's reduced user agent says "K" instead of the model: no model then.
    const model = android[2] && android[2] !== 'K' && !/^wv$/.test(android[2]) ? android[2].trim() : undefined;
    return { model, systemName: 'Android', systemVersion: android[1] };
  }
  const mac = /Mac OS X (\d+(?:[_.]\d+)*)/.exec(ua);
  if (mac) return { vendor: 'Apple', model: 'Macintosh', systemName: 'macOS', systemVersion: version(mac[1]) };
  const windows = /Windows NT (\d+\.\d+)/.exec(ua);
  if (windows) return { systemName: 'Windows', systemVersion: windows[1] };
  if (/CrOS/.test(ua)) return { systemName: 'ChromeOS' };
  if (/Linux/.test(ua)) return { systemName: 'Linux' };
  return {};
}
