// Business constants shared by server, web and tv (CONVENTIONS §3). Each cites its spec source.

// UI timings (spec 1 §9, spec 2 §9).
export const TOAST_MS = 3000;
export const CONTROLS_HIDE_MS = 3000;
export const FADER_INTERVAL_MS = 10_000;
export const FADE_MS = 500;
export const CAROUSEL_ARROW_HIDE_MS = 1000;
export const CAROUSEL_SCROLL_THROTTLE_MS = 300;
export const CAROUSEL_PLACEHOLDERS = 10;
// A see-more control appears when the description overflows its box by more than 5 px (spec 2 §9).
export const DESCRIPTION_CLAMP_TOLERANCE_PX = 5;
export const DEFAULT_ASPECT_RATIO = '16:9';

// "Client cookies and the customer-id cookie last 6 months" (spec 1 §9, spec 3 §9). A cookie
// Max-Age needs seconds; we count a month as 30 days, the same month the cookie-expiry display
// uses (spec 1 §9), so a 6-month cookie is shown as "6 months".
export const COOKIE_LIFETIME_MONTHS = 6;
export const COOKIE_MAX_AGE_SECONDS = COOKIE_LIFETIME_MONTHS * 30 * 86_400;

// Account rules (spec 1 §5, §9).
export const PASSWORD_MIN_LENGTH = 5;
export const PARENTAL_CODE_LENGTH = 4;
export const WITHDRAWAL_DAYS = 14;

// The forgot-login dropdown (spec 1 §2, spec 3 §3); 0 means none chosen.
export const FORGOT_LOGIN_OPERATORS = [
  { id: 1, name: 'Orange/Sosh' },
  { id: 2, name: 'SFR/RED' },
  { id: 3, name: 'Bouygues/B&You' },
  { id: 4, name: 'Free' },
  { id: 5, name: 'Coriolis' },
] as const;
export const NO_OPERATOR_ID = 0;

// Operator ids used by billing (spec 1 §9, spec 3 §3).
export const OPERATOR_IDS = {
  generic: 99,
  genericFrance: 10,
  orange: 1,
  sfr: 2,
  bouygues: 3,
  free: 4,
  isp: [15, 16, 17, 18],
} as const;

export function isIspOperatorId(id: number): boolean {
  return (OPERATOR_IDS.isp as readonly number[]).includes(id);
}

// Device.platform and device type (spec 1 §1).
export const PLATFORMS = ['Web', 'Tizen', 'OrangeSTB', 'AndroidTV', 'FireOS', 'XBox'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const DEVICE_TYPES = ['Desktop', 'Mobile', 'Tablet', 'TV'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

// Home rows (spec 2 §2).
export const ROW_TYPES = [
  'Channels',
  'ContentCollection',
  'Category',
  'ContentList',
  'ReplayMovies',
  'ReplaySeries',
  'ReplayLastHours',
  'Favorites',
  'ContentsProcessing',
  'Series',
  'ContentsDownload',
] as const;
export type RowType = (typeof ROW_TYPES)[number];
export const ROW_STYLES = ['Default', 'Landscape', 'Portrait', 'Rounded'] as const;
export type RowStyle = (typeof ROW_STYLES)[number];

/** ContentsDownload rows are ignored and unknown types are logged, not shown (spec 2 §2). */
export function isDisplayedRowType(type: string): type is Exclude<RowType, 'ContentsDownload'> {
  return type !== 'ContentsDownload' && (ROW_TYPES as readonly string[]).includes(type);
}

// Product access types: service (everything), replay (live and replay), video (series on demand)
// (spec 1 §6, spec 3 §4). The ProductAccess type and the access rules live in entitlements/.
export const PRODUCT_ACCESS = ['service', 'replay', 'video'] as const;

/**
 * The operator set-top box's environments: its launch query `pf` (spec 1 §2, default prod),
 * added to every call by the box (spec 3 §7).
 */
export const SET_TOP_ENVIRONMENTS = ['prod', 'pprod', 'qualif', 'dev', 'devpp'] as const;
export type SetTopEnvironment = (typeof SET_TOP_ENVIRONMENTS)[number];
