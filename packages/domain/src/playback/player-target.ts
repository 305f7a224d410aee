// Source types, player targets and usages (spec 2 §3, §4).

export const PRODUCT_USAGES = ['View', 'Preview', 'Share', 'Download', 'Teaser'] as const;
export type ProductUsage = (typeof PRODUCT_USAGES)[number];

export const PLAYER_TARGETS = ['player', 'player_rtmp', 'player_dash', 'player_hls', 'player_html5'] as const;
export type PlayerTarget = (typeof PLAYER_TARGETS)[number];

export type SourceType = 'hls' | 'dash' | 'video';

/** "Source type is HLS, DASH or plain video, chosen by file extension" (spec 2 §4). */
export function sourceTypeFromUrl(url: string): SourceType {
  // Signed URLs carry tokens in the query string; only the path names the file.
  const path = (url.split(/[?#]/)[0] ?? '').toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mpd')) return 'dash';
  return 'video';
}

export interface DeviceTraits {
  isIOS: boolean;
  isSafari: boolean;
  isMobile: boolean;
  isDesktop: boolean;
}

/**
 * "HLS on iOS or Safari, DASH on mobile and other, HTML5 on desktop" (spec 2 §4). Read in that
 * order: Safari and iOS first, then a mobile is DASH even if it also reports desktop traits.
 */
export function targetForDevice(device: DeviceTraits): PlayerTarget {
  if (device.isIOS || device.isSafari) return 'player_hls';
  if (device.isMobile) return 'player_dash';
  if (device.isDesktop) return 'player_html5';
  return 'player_dash';
}

/** Without access the URL call asks for Preview instead of View (spec 2 §4, spec 3 §4). */
export function productUsageFor(hasAccess: boolean): Extract<ProductUsage, 'View' | 'Preview'> {
  return hasAccess ? 'View' : 'Preview';
}
